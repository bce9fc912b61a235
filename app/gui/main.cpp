// SPDX-License-Identifier: MIT
// Placeholder until the GUI lands: opens an empty main window so the Quick start command works.
#include <QApplication>
#include <QMainWindow>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QMainWindow window;
    window.setWindowTitle(QStringLiteral("DVM Lens"));
    window.resize(1200, 800);
    window.show();
    return app.exec();
}
