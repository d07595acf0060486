// SPDX-License-Identifier: GPL-3.0-or-later
#include "FileDialogs.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QHeaderView>
#include <QScreen>
#include <QSettings>
#include <QTreeView>

namespace {

const QString kSizeKey = QStringLiteral("dialogs/fileDialogSize");
const QString kDirectoryKey = QStringLiteral("lastDirectory");

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

// Qt's own dialog gives its detail columns fixed widths that elide sizes,
// types and dates ("585...KiB") while the dialog has room to spare. A
// desktop's file chooser has no such view and is left as it is.
void showWholeColumns(QFileDialog& dialog) {
    auto* details = dialog.findChild<QTreeView*>(QStringLiteral("treeView"));
    if (details == nullptr)
        return;
    QHeaderView* header = details->header();
    header->setStretchLastSection(false);
    header->setSectionResizeMode(0, QHeaderView::Stretch);
    for (int column = 1; column < header->count(); ++column)
        header->setSectionResizeMode(column, QHeaderView::ResizeToContents);
}

QStringList run(QFileDialog& dialog) {
    showWholeColumns(dialog);
    QSettings settings;
    QSize size = settings.value(kSizeKey).toSize();
    dialog.resize(size.isValid() ? size : defaultSize(dialog.parentWidget()));
    const bool accepted = dialog.exec() == QDialog::Accepted;
    settings.setValue(kSizeKey, dialog.size());
    return accepted ? dialog.selectedFiles() : QStringList();
}

} // namespace

QStringList FileDialogs::openFiles(QWidget* parent, const QString& title, const QString& filter) {
    QSettings settings;
    QFileDialog dialog(parent, title, settings.value(kDirectoryKey, QDir::homePath()).toString(),
                       filter);
    dialog.setFileMode(QFileDialog::ExistingFiles);
    dialog.setAcceptMode(QFileDialog::AcceptOpen);
    const QStringList paths = run(dialog);
    if (!paths.isEmpty())
        settings.setValue(kDirectoryKey, QFileInfo(paths.last()).absolutePath());
    return paths;
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
