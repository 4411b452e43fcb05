#include "style/theme.h"

#include <QApplication>
#include <QSettings>
#include <QStyle>
#include <QStyleFactory>
#include <QStyleHints>
#include <memory>

namespace burrow::ui {

namespace {

// What the platform gave before any theme was applied.
struct PlatformLook {
    QPalette palette;
    QString style;
};
PlatformLook& platformLook() {
    static PlatformLook look{QApplication::palette(), QApplication::style() ? QApplication::style()->name() : QString()};
    return look;
}

QPalette lightPalette() {
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create("Fusion")); // only asked for its palette
    return fusion->standardPalette();
}

QPalette darkPaletteColours() {
    QPalette p;
    const QColor window(45, 45, 48), base(30, 30, 32), text(225, 225, 225), disabled(120, 120, 120), highlight(42, 130, 218);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window.lighter(115));
    p.setColor(QPalette::ToolTipBase, window.lighter(130));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, window.lighter(110));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(255, 90, 90));
    p.setColor(QPalette::Link, highlight.lighter(130));
    p.setColor(QPalette::Highlight, highlight);
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Light, window.lighter(150));
    p.setColor(QPalette::Midlight, window.lighter(125));
    p.setColor(QPalette::Mid, window.darker(120));
    p.setColor(QPalette::Dark, window.darker(150));
    p.setColor(QPalette::Shadow, Qt::black);
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText}) p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Highlight, window.lighter(130));
    return p;
}

} // namespace

Theme savedTheme() {
    const QString name = QSettings().value("view/theme").toString();
    return name == "light" ? Theme::Light : name == "dark" ? Theme::Dark : Theme::System;
}

void saveTheme(Theme theme) {
    QSettings().setValue("view/theme", theme == Theme::Light ? "light" : theme == Theme::Dark ? "dark" : "system");
}

void applyTheme(Theme theme) {
    const PlatformLook& platform = platformLook();
    if (theme == Theme::System) {
        bool dark = darkPalette(platform.palette);
#if QT_VERSION >= QT_VERSION_CHECK(6, 5, 0)
        // Desktops that say "dark" without giving Qt a dark palette.
        dark = dark || QGuiApplication::styleHints()->colorScheme() == Qt::ColorScheme::Dark;
#endif
        if (dark && !darkPalette(platform.palette)) {
            QApplication::setStyle(QStyleFactory::create("Fusion"));
            QApplication::setPalette(darkPaletteColours());
            return;
        }
        if (!platform.style.isEmpty()) QApplication::setStyle(QStyleFactory::create(platform.style));
        QApplication::setPalette(platform.palette);
        return;
    }
    // Fusion draws every widget from the palette, so a chosen palette looks whole.
    QApplication::setStyle(QStyleFactory::create("Fusion"));
    QApplication::setPalette(theme == Theme::Dark ? darkPaletteColours() : lightPalette());
}

bool darkPalette(const QPalette& palette) { return palette.color(QPalette::Window).lightnessF() < 0.4; }

QColor problemBackground(const QPalette& palette) { return darkPalette(palette) ? QColor(110, 35, 35) : QColor(255, 200, 200); }

} // namespace burrow::ui
