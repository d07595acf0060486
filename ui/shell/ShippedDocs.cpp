// SPDX-License-Identifier: GPL-3.0-or-later
#include "ShippedDocs.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QLabel>
#include <QMessageBox>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QTextCursor>
#include <QTimer>
#include <QVBoxLayout>

namespace {

const char* const kEntry = "viewer.md";
const char* const kDialogName = "documentation";

// GitHub's anchor of a heading: lower case, punctuation dropped, spaces as '-'.
QString slug(const QString& heading) {
    QString out;
    for (const QChar c : heading.toLower())
        if (c.isLetterOrNumber() || c == u'-' || c == u'_')
            out += c;
        else if (c == u' ')
            out += u'-';
    return out;
}

void scrollToHeading(QTextBrowser* browser, const QString& fragment) {
    for (QTextBlock block = browser->document()->begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() > 0 && slug(block.text()) == fragment) {
            QTextCursor cursor(block);
            browser->setTextCursor(cursor);
            const int top = static_cast<int>(
                browser->document()->documentLayout()->blockBoundingRect(block).top());
            browser->verticalScrollBar()->setValue(top);
            return;
        }
}

} // namespace

QStringList ShippedDocs::candidates(const QString& programDir) {
    const QDir program(programDir);
    // Installed: <prefix>/bin/scope-viewer next to <prefix>/share/doc/scope-viewer
    // (packaging/CMakeLists.txt); then the usual system prefix; then the
    // source tree above a build tree (build/app/scope-viewer, build/tests/tst_*).
    return {QDir::cleanPath(program.filePath(QStringLiteral("../share/doc/scope-viewer"))),
            QStringLiteral("/usr/share/doc/scope-viewer"),
            QStringLiteral("/usr/local/share/doc/scope-viewer"),
            QDir::cleanPath(program.filePath(QStringLiteral("../../docs"))),
            QDir::cleanPath(program.filePath(QStringLiteral("../docs")))};
}

QString ShippedDocs::locate(QStringList* searched) {
    const QStringList folders = candidates(QCoreApplication::applicationDirPath());
    if (searched != nullptr)
        *searched = folders;
    for (const QString& folder : folders) {
        const QFileInfo entry(QDir(folder).filePath(QString::fromLatin1(kEntry)));
        if (entry.isFile())
            return entry.absoluteFilePath();
    }
    return {};
}

void ShippedDocs::show(QWidget* parent) {
    QStringList searched;
    const QString path = locate(&searched);
    if (path.isEmpty()) {
        QMessageBox::information(
            parent, tr("Documentation"),
            tr("The documentation is not installed. Looked for %1 in:\n%2")
                .arg(QString::fromLatin1(kEntry), searched.join(QLatin1Char('\n'))));
        return;
    }
    // One window, brought back to the front when asked again.
    if (auto* open = parent->findChild<QDialog*>(QString::fromLatin1(kDialogName))) {
        open->raise();
        open->activateWindow();
        return;
    }
    auto* dialog = new QDialog(parent);
    dialog->setObjectName(QString::fromLatin1(kDialogName));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Scope Viewer Documentation"));
    auto* browser = new QTextBrowser(dialog);
    // Links between the pages (scope-report.md, file-format.md) open here;
    // web links in the system's browser.
    browser->setOpenExternalLinks(true);
    browser->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
    // The contents lists link to headings as GitHub names them, which the
    // Markdown reader gives no anchors.
    QObject::connect(browser, &QTextBrowser::anchorClicked, browser, [browser](const QUrl& url) {
        if (url.hasFragment())
            QTimer::singleShot(0, browser, [browser, fragment = url.fragment()] {
                scrollToHeading(browser, fragment);
            });
    });
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, dialog);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::close);
    auto* layout = new QVBoxLayout(dialog);
    layout->addWidget(browser, 1);
    layout->addWidget(new QLabel(QDir::toNativeSeparators(QFileInfo(path).absolutePath()), dialog));
    layout->addWidget(buttons);
    dialog->resize(820, 640);
    dialog->show();
}
