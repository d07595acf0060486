// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileDialogs.h"

#include <QFileDialog>
#include <QGuiApplication>
#include <QScreen>
#include <QSettings>

namespace {

const QString kSizeKey = QStringLiteral("dialogs/fileDialogSize");

// Room for long paths and the detail columns, within the screen.
QSize defaultSize(const QWidget* parent) {
    QSize size(960, 600);
    const QScreen* screen = parent != nullptr && parent->screen() != nullptr
                                ? parent->screen()
                                : QGuiApplication::primaryScreen();
    if (screen != nullptr)
        size = size.boundedTo(screen->availableSize() * 0.9);
    return size;
}

QStringList run(QFileDialog& dialog) {
    QSettings settings;
    QSize size = settings.value(kSizeKey).toSize();
    dialog.resize(size.isValid() ? size : defaultSize(dialog.parentWidget()));
    const bool accepted = dialog.exec() == QDialog::Accepted;
    settings.setValue(kSizeKey, dialog.size());
    return accepted ? dialog.selectedFiles() : QStringList();
}

} // namespace

QStringList FileDialogs::openFiles(QWidget* parent, const QString& title, const QString& directory,
                                   const QString& filter) {
    QFileDialog dialog(parent, title, directory, filter);
    dialog.setFileMode(QFileDialog::ExistingFiles);
    dialog.setAcceptMode(QFileDialog::AcceptOpen);
    return run(dialog);
}

QString FileDialogs::saveFile(QWidget* parent, const QString& title, const QString& path,
                              const QString& filter, QString* selectedFilter) {
    QFileDialog dialog(parent, title, path, filter);
    dialog.setFileMode(QFileDialog::AnyFile);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    if (selectedFilter != nullptr && !selectedFilter->isEmpty())
        dialog.selectNameFilter(*selectedFilter);
    const QStringList files = run(dialog);
    if (files.isEmpty())
        return {};
    if (selectedFilter != nullptr)
        *selectedFilter = dialog.selectedNameFilter();
    return files.first();
}
