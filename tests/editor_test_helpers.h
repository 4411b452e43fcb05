#pragma once
// What the editor tests share: the examples, window grabs when BURROW_SCREENSHOTS
// names a folder, and finding a widget by its object name.
#include <QtTest>

#include <QDir>

namespace {
QString example(const char* name) { return QStringLiteral(BURROW_EXAMPLES "/") + name; }

void screenshot(QWidget* window, const QString& name) {
    const QString dir = qEnvironmentVariable("BURROW_SCREENSHOTS");
    if (dir.isEmpty()) return;
    QDir().mkpath(dir);
    QTest::qWait(100); // widgets added to a visible layout are shown by a queued call
    QVERIFY(window->grab().save(dir + "/" + name + ".png"));
}

template <typename T>
T* child(QWidget* parent, const char* name) {
    T* w = parent->findChild<T*>(name);
    if (!w) qFatal("no widget named %s", name);
    return w;
}
} // namespace
