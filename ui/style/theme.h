#pragma once
// The editor's colours around the map: the platform's own palette by default (so a
// dark desktop gives a dark editor), or a light or dark one the designer picks in
// View > Theme, remembered in the settings. The map itself keeps the level's colours
// in every theme: they are what the exports show.
#include <QColor>
#include <QPalette>
#include <QString>

class QApplication;

namespace burrow::ui {

enum class Theme { System, Light, Dark };

// The theme saved in the settings (System when none is).
Theme savedTheme();
void saveTheme(Theme theme);
// Applies a theme to the whole application. The platform's palette and style are
// remembered the first time, so System brings them back.
void applyTheme(Theme theme);
// Whether the application's palette is dark now (whatever chose it).
bool darkPalette(const QPalette& palette);
// A background that marks a refused value, readable in light and dark palettes.
QColor problemBackground(const QPalette& palette);

} // namespace burrow::ui
