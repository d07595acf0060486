// SPDX-License-Identifier: GPL-3.0-or-later
#include "HeaderColumnMenu.h"

#include <QHeaderView>
#include <QSettings>

#include <algorithm>

HeaderColumnMenu::HeaderColumnMenu(QHeaderView* header, QString settingsKey, QStringList ids,
                                   int fixedColumn, QStringList hiddenByDefault)
    : HeaderColumnMenu(
          header, std::move(settingsKey), [ids = std::move(ids)] { return ids; }, fixedColumn,
          std::move(hiddenByDefault)) {}

HeaderColumnMenu::HeaderColumnMenu(QHeaderView* header, QString settingsKey,
                                   std::function<QStringList()> ids, int fixedColumn,
                                   QStringList hiddenByDefault)
    : QMenu(header), header_(header), settingsKey_(std::move(settingsKey)), ids_(std::move(ids)),
      fixedColumn_(fixedColumn), hiddenByDefault_(std::move(hiddenByDefault)) {
    // Built when shown, so that the entries follow the header's state and texts.
    connect(this, &QMenu::aboutToShow, this, &HeaderColumnMenu::rebuild);
    // Some columns come and go with the run (GPU time): their hidden state too.
    connect(header_, &QHeaderView::sectionCountChanged, this, &HeaderColumnMenu::restore);
    rebuild();
}

int HeaderColumnMenu::columns() const {
    return std::min<int>(static_cast<int>(ids_().size()), header_->count());
}

void HeaderColumnMenu::rebuild() {
    clear();
    const QStringList ids = ids_();
    const QAbstractItemModel* model = header_->model();
    for (int column = 0; column < columns(); ++column) {
        if (column == fixedColumn_)
            continue;
        QString name;
        if (model) {
            name = model->headerData(column, header_->orientation(), Qt::AccessibleTextRole)
                       .toString();
            if (name.isEmpty())
                name = model->headerData(column, header_->orientation()).toString();
        }
        QAction* action = addAction(name.isEmpty() ? ids[column] : name);
        action->setCheckable(true);
        action->setChecked(!header_->isSectionHidden(column));
        action->setData(column);
        connect(action, &QAction::toggled, this,
                [this, column](bool checked) { setColumnVisible(column, checked); });
    }
}

void HeaderColumnMenu::restore() {
    const QStringList hidden = QSettings().value(settingsKey_, hiddenByDefault_).toStringList();
    const QStringList ids = ids_();
    for (int column = 0; column < columns(); ++column)
        if (column != fixedColumn_)
            header_->setSectionHidden(column, hidden.contains(ids[column]));
    emit columnVisibilityChanged();
}

void HeaderColumnMenu::setColumnVisible(int column, bool visible) {
    if (column < 0 || column >= columns() || column == fixedColumn_ ||
        header_->isSectionHidden(column) == !visible)
        return;
    header_->setSectionHidden(column, !visible);
    QSettings().setValue(settingsKey_, hiddenIds());
    emit columnVisibilityChanged();
}

QStringList HeaderColumnMenu::hiddenIds() const {
    QStringList hidden;
    const QStringList shown = ids_().mid(0, columns());
    for (int column = 0; column < columns(); ++column)
        if (header_->isSectionHidden(column))
            hidden << shown[column];
    // Columns this run lacks stay as they were chosen with another run.
    for (const QString& id : QSettings().value(settingsKey_, hiddenByDefault_).toStringList())
        if (!shown.contains(id) && !hidden.contains(id))
            hidden << id;
    return hidden;
}
