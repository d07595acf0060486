// SPDX-License-Identifier: GPL-3.0-or-later
#include "KeyboardReference.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSet>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {

QString plainText(QString text) {
    text.remove(QRegularExpression(QStringLiteral("&(?!&)")));
    if (text.endsWith(QStringLiteral("…")))
        text.chop(1);
    return text;
}

QString keysOf(const QAction* action) {
    QStringList keys;
    for (const QKeySequence& key : action->shortcuts())
        keys << key.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

// `where`: the menus above `menu`'s actions, "View ▸ Page".
void collect(const QMenu* menu, const QString& where, QList<KeyboardReference::Row>& rows,
             QSet<const QAction*>& seen) {
    for (const QAction* action : menu->actions()) {
        if (action->menu() != nullptr) {
            collect(action->menu(), where + QStringLiteral(" ▸ ") + plainText(action->text()), rows,
                    seen);
            continue;
        }
        if (action->isSeparator() || action->shortcuts().isEmpty() || seen.contains(action))
            continue;
        seen.insert(action);
        rows.append({keysOf(action), plainText(action->text()), where});
    }
}

// The title of the run's page tab `widget` sits in ("Call tree"), else "".
QString pageOf(const QWidget* widget) {
    for (; widget != nullptr; widget = widget->parentWidget()) {
        const auto* tabs =
            widget->parentWidget() != nullptr
                ? qobject_cast<const QTabWidget*>(widget->parentWidget()->parentWidget())
                : nullptr;
        if (tabs != nullptr && tabs->indexOf(const_cast<QWidget*>(widget)) >= 0)
            return tabs->tabText(tabs->indexOf(const_cast<QWidget*>(widget)));
    }
    return {};
}

} // namespace

KeyboardReference::KeyboardReference(const QWidget* window, QWidget* parent)
    : QDialog(parent), table_(new QTableWidget(this)) {
    setWindowTitle(tr("Keyboard Shortcuts"));
    const QList<Row> all = rows(window);
    table_->setColumnCount(3);
    table_->setHorizontalHeaderLabels({tr("Keys"), tr("Does"), tr("Where")});
    table_->setRowCount(static_cast<int>(all.size()));
    for (int i = 0; i < all.size(); ++i) {
        table_->setItem(i, 0, new QTableWidgetItem(all[i].keys));
        table_->setItem(i, 1, new QTableWidgetItem(all[i].what));
        table_->setItem(i, 2, new QTableWidgetItem(all[i].where));
    }
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 8);
    table_->setAlternatingRowColors(true);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->resizeColumnsToContents();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_, 1);
    layout->addWidget(buttons);
    resize(680, 640);
}

QList<KeyboardReference::Row> KeyboardReference::rows(const QWidget* window) {
    QList<Row> rows;
    QSet<const QAction*> seen;
    if (const auto* main = qobject_cast<const QMainWindow*>(window))
        for (const QAction* action : main->menuBar()->actions())
            if (action->menu() != nullptr)
                collect(action->menu(), plainText(action->text()), rows, seen);
    // Actions of the views (Copy in the call tree), once per kind: each run
    // view has its own.
    QSet<QString> named;
    for (const QAction* action : window->findChildren<QAction*>()) {
        if (seen.contains(action) || action->shortcuts().isEmpty())
            continue;
        Row row{keysOf(action), plainText(action->text()), {}};
        row.where = pageOf(qobject_cast<const QWidget*>(action->parent()));
        if (named.contains(row.keys + row.what))
            continue;
        named.insert(row.keys + row.what);
        rows.append(row);
    }
    rows.append(viewKeys());
    return rows;
}

QList<KeyboardReference::Row> KeyboardReference::viewKeys() {
    const QString timeline = tr("Timeline (click it first)");
    const QString flame = tr("Flame graph");
    const QString table = tr("Region table");
    return {
        {tr("+, ="), tr("Zoom in on time"), timeline},
        {tr("−"), tr("Zoom out of time"), timeline},
        {tr("Ctrl++, Ctrl+−"), tr("Zoom in, out on the ranks"), timeline},
        {tr("←, →"), tr("Pan in time"), timeline},
        {tr("↑, ↓"), tr("Pan across the ranks"), timeline},
        {tr("0, Home, double-click"), tr("Show the whole run"), timeline},
        {tr("Backspace, Esc"), tr("Up one level"), flame},
        {tr("Home"), tr("Back to the root"), flame},
        {tr("↑, ↓, PageUp, PageDown"), tr("Move between regions"), table},
        {tr("Tab, Shift+Tab"), tr("Next, previous control of the run"), tr("Run")},
    };
}
