// SPDX-License-Identifier: GPL-3.0-or-later
// File ▸ Export and the charts' context menus, driven through the entry points
// that take a path: chart images of the requested size with real content,
// the region table as shown, and region_statistics.json over every open run.
#include "CsvParsing.h"
#include "RunWaiter.h"
#include "callpaths/CallTreeView.h"
#include "charts/ChartContextMenu.h"
#include "charts/TimelinePage.h"
#include "common/MessageBanner.h"
#include "distributions/HistogramView.h"
#include "export/ChartFileNames.h"
#include "export/ExportController.h"
#include "models/RegionFilterProxy.h"
#include "models/RegionTableModel.h"
#include "run/RunView.h"
#include "shell/MainWindow.h"

#include <QAction>
#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <map>

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

RunView* open(MainWindow& window, const QString& name) {
    QSignalSpy opened(&window, &MainWindow::runOpened);
    window.openFile(kData + QLatin1Char('/') + name);
    return waitForRun(window, opened);
}

// Pixels that differ from the top-left one, which is background in every chart.
qint64 drawnPixels(const QImage& image) {
    const QRgb background = image.pixel(0, 0);
    qint64 drawn = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            drawn += image.pixel(x, y) != background ? 1 : 0;
    return drawn;
}

QByteArray readAll(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Every number within a relative 1e-9, everything else equal.
bool sameJson(const QJsonValue& a, const QJsonValue& b, const QString& where) {
    if (a.isDouble() && b.isDouble()) {
        const double x = a.toDouble();
        const double y = b.toDouble();
        if (std::abs(x - y) <= 1e-9 * std::max(std::abs(x), std::abs(y)))
            return true;
        qWarning() << where << x << "!=" << y;
        return false;
    }
    if (a.isObject() && b.isObject()) {
        const QJsonObject x = a.toObject();
        const QJsonObject y = b.toObject();
        if (x.keys() != y.keys()) {
            qWarning() << where << x.keys() << "!=" << y.keys();
            return false;
        }
        for (const QString& key : x.keys())
            if (!sameJson(x[key], y[key], where + '/' + key))
                return false;
        return true;
    }
    if (a.isArray() && b.isArray()) {
        const QJsonArray x = a.toArray();
        const QJsonArray y = b.toArray();
        if (x.size() != y.size())
            return false;
        for (int i = 0; i < x.size(); ++i)
            if (!sameJson(x[i], y[i], where + '/' + QString::number(i)))
                return false;
        return true;
    }
    if (a != b)
        qWarning() << where << a << "!=" << b;
    return a == b;
}

} // namespace

class TestExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        prepareWindowTests();
        QVERIFY(dir_.isValid());
    }

    // Labels come from files: no control character reaches a file name, and
    // two long labels that differ at their ends stay two names of at most
    // 200 bytes, which the file system takes with any suffix.
    void fileNamesAreSafeAndBounded() {
        QCOMPARE(ChartFileNames::safe(QStringLiteral("a\x1b[31m/b\tc\u202ed")),
                 QStringLiteral("a_[31m_b_c_d"));
        const QString folder = QString(240, QChar(0x00e9)); // 480 bytes of UTF-8
        const QString a = ChartFileNames::safe(folder + QStringLiteral("/runA"));
        const QString b = ChartFileNames::safe(folder + QStringLiteral("/runB"));
        QVERIFY(a != b);
        QVERIFY2(a.toUtf8().size() <= 200, qPrintable(a));
        QVERIFY(a.startsWith(QString(90, QChar(0x00e9))));
        const QString path = dir_.filePath(a + QStringLiteral("-timeline.png"));
        QFile file(path);
        QVERIFY2(file.open(QIODevice::WriteOnly), qPrintable(file.errorString()));
        QCOMPARE(ChartFileNames::safe(QStringLiteral("short")), QStringLiteral("short"));
    }

    void menuFollowsTheCurrentRun() {
        MainWindow window;
        QMenu* menu = window.exporter()->menu();
        QVERIFY(menu);
        QStringList texts;
        for (QAction* action : menu->actions())
            if (!action->isSeparator()) {
                texts << action->text();
                QVERIFY(!action->isEnabled());
            }
        QCOMPARE(texts.size(), 18);
        RunView* view = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(view);
        // The comparison's charts wait for a second run; this run has no LIKWID
        // data and no MPI call regions.
        for (QAction* action : menu->actions())
            QVERIFY(action->isSeparator() || action->isEnabled() ||
                    action->text() == QStringLiteral("&Comparison Chart…") ||
                    action->text() == QStringLiteral("Spee&dup Chart…") ||
                    action->text() == QStringLiteral("&What Changed…") ||
                    action->text() == QStringLiteral("What Changed as Mar&kdown…") ||
                    action->text() == QStringLiteral("&LIKWID Chart…") ||
                    action->text() == QStringLiteral("Commu&nication Matrix…"));

        // Every chart has the same context menu; copying needs no dialog.
        for (const QString& chart : {QStringLiteral("ranks"), QStringLiteral("timeline")}) {
            ChartContextMenu* chartMenu = view->chartMenu(chart);
            QVERIFY(chartMenu);
            QCOMPARE(chartMenu->menu()->actions().size(), 5); // with a separator
            QCOMPARE(chartMenu->action(ChartContextMenu::ExportPng)->text(),
                     QStringLiteral("Export as &PNG…"));
            QGuiApplication::clipboard()->clear();
            chartMenu->action(ChartContextMenu::CopyToClipboard)->trigger();
            const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
            QVERIFY(mime && mime->hasImage());
            QVERIFY(window.banner()->text().contains(QStringLiteral("clipboard")));
        }
    }

    void chartsExportAtTheRequestedSize() {
        MainWindow window;
        RunView* view = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(view);
        QVERIFY(view->eventViewsEnabled());
        ExportController* exporter = window.exporter();
        QCOMPARE(exporter->defaultChartFileName(view, QStringLiteral("timeline"), "png"),
                 QStringLiteral("run_np3-timeline.png"));
        const QString ranksName =
            exporter->defaultChartFileName(view, QStringLiteral("ranks"), "svg");
        QVERIFY2(ranksName.startsWith("run_np3-") && ranksName.endsWith("-ranks.svg"),
                 qPrintable(ranksName));

        for (const QString& chart : {QStringLiteral("ranks"), QStringLiteral("timeline")}) {
            const QString base =
                dir_.filePath(chart == QStringLiteral("timeline") ? "timeline" : "ranks");
            QVERIFY(exporter->exportChart(view, chart, ChartContextMenu::ExportPng, base + ".png",
                                          500, 320, 2.0));
            QVERIFY(window.banner()->text().contains(QStringLiteral("Saved")));
            const QImage image(base + ".png");
            QCOMPARE(image.size(), QSize(1000, 640));
            QVERIFY(drawnPixels(image) > 1000);

            QVERIFY(exporter->exportChart(view, chart, ChartContextMenu::ExportSvg, base + ".svg"));
            QVERIFY(readAll(base + ".svg").contains("<svg"));
            QVERIFY(exporter->exportChart(view, chart, ChartContextMenu::ExportPdf, base + ".pdf"));
            QVERIFY(readAll(base + ".pdf").startsWith("%PDF"));
        }
        // A failure is reported in the banner, not as a dialog.
        QVERIFY(!exporter->exportChart(view, QStringLiteral("ranks"), ChartContextMenu::ExportPng,
                                       dir_.filePath("missing/dir/x.png")));
        QVERIFY(window.banner()->text().contains(QStringLiteral("Cannot export")));
    }

    // The histogram and heatmap beside the table export like the other charts.
    // Keyboard users reach every item with Alt and one letter per level: a
    // letter two items of one menu share reaches only the first ("Region
    // Table as &CSV" sat behind "&Comparison Chart"): in the menu bar and in
    // the context menus of a run's charts and call tree, which the keyboard's
    // menu key opens.
    void everyMenuItemHasALetterOfItsOwn() {
        MainWindow window;
        RunView* view = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(view);
        std::vector<QMenu*> menus;
        for (QAction* action : window.menuBar()->actions())
            if (action->menu())
                menus.push_back(action->menu());
        QVERIFY(menus.size() >= 3);
        for (std::size_t m = 0; m < menus.size(); ++m) // with their submenus
            for (QAction* action : menus[m]->actions())
                if (action->menu())
                    menus.push_back(action->menu());
        const std::size_t barMenus = menus.size();
        for (const QString& chart :
             {QStringLiteral("ranks"), QStringLiteral("timeline"), QStringLiteral("flameGraph"),
              QStringLiteral("histogram"), QStringLiteral("heatmap"), QStringLiteral("overTime")})
            if (ChartContextMenu* menu = view->chartMenu(chart))
                menus.push_back(menu->menu());
        QVERIFY(menus.size() >= barMenus + 6);
        auto* callTree = view->findChild<CallTreeView*>();
        QVERIFY(callTree);
        QMenu callTreeMenu;
        callTree->fillContextMenu(callTreeMenu);
        QVERIFY(!callTreeMenu.actions().isEmpty());
        menus.push_back(&callTreeMenu);
        for (std::size_t m = 0; m < menus.size(); ++m) {
            std::map<QChar, QString> seen;
            for (QAction* action : menus[m]->actions()) {
                const QString text = action->text();
                const qsizetype amp = text.indexOf(QLatin1Char('&'));
                // A context menu has only the letters it is given (the menu
                // bar's Recent Files are file names).
                QVERIFY2(m < barMenus || action->isSeparator() || amp >= 0, qPrintable(text));
                if (action->isSeparator() || amp < 0 || amp + 1 >= text.size())
                    continue;
                const QChar letter = text.at(amp + 1).toLower();
                QVERIFY2(!seen.contains(letter),
                         qPrintable(QStringLiteral("%1: %2 and %3")
                                        .arg(menus[m]->title(), seen[letter], text)));
                seen[letter] = text;
            }
        }
    }

    void distributionChartsExport() {
        MainWindow window;
        RunView* view = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(view);
        ExportController* exporter = window.exporter();
        const QString heatmap = dir_.filePath("heatmap.png");
        QVERIFY(exporter->exportChart(view, QStringLiteral("heatmap"), ChartContextMenu::ExportPng,
                                      heatmap, 400, 300, 2.0));
        QImage image(heatmap);
        QCOMPARE(image.size(), QSize(800, 600));
        QVERIFY(drawnPixels(image) > 1000);
        QCOMPARE(exporter->defaultChartFileName(view, QStringLiteral("heatmap"), "svg"),
                 QStringLiteral("run_np3-heatmap.svg"));

        // The histogram exports without its tab ever shown.
        view->sideTabs()->setCurrentIndex(0);
        const QString histogram = dir_.filePath("histogram.svg");
        QVERIFY(exporter->exportChart(view, QStringLiteral("histogram"),
                                      ChartContextMenu::ExportSvg, histogram));
        QVERIFY(readAll(histogram).contains("<svg"));
        QVERIFY(view->chartMenu(QStringLiteral("histogram")) &&
                view->chartMenu(QStringLiteral("heatmap")));

        // So do the durations over time, of the region selected in the table.
        view->selectRegion(static_cast<int>(*view->run()->results->regionIndex("rhs.eval")));
        const QString overTime = dir_.filePath("over-time.png");
        QVERIFY(exporter->exportChart(view, QStringLiteral("overTime"), ChartContextMenu::ExportPng,
                                      overTime, 400, 300, 1.0));
        QVERIFY(drawnPixels(QImage(overTime)) > 1000);
        QCOMPARE(exporter->defaultChartFileName(view, QStringLiteral("overTime"), "png"),
                 QStringLiteral("run_np3-over-time.png"));
    }

    // The LIKWID chart exports where the run has LIKWID data, and only there.
    void likwidChartExports() {
        MainWindow window;
        RunView* view = open(window, QStringLiteral("v3_serial.h5"));
        QVERIFY(view);
        ExportController* exporter = window.exporter();
        const auto likwidAction = [&] {
            for (QAction* action : exporter->menu()->actions())
                if (action->text() == QStringLiteral("&LIKWID Chart…"))
                    return action;
            return static_cast<QAction*>(nullptr);
        };
        QVERIFY(likwidAction() && likwidAction()->isEnabled());
        const QString likwid = dir_.filePath("likwid.png");
        QVERIFY(exporter->exportChart(view, QStringLiteral("hardware"), ChartContextMenu::ExportPng,
                                      likwid, 400, 300, 1.0));
        QVERIFY(drawnPixels(QImage(likwid)) > 1000);
        QVERIFY(view->chartMenu(QStringLiteral("hardware")));
        // The Hardware tab is shown for this run only.
        const QTabWidget* tabs = view->bottomTabs();
        QWidget* hardware = tabs->findChild<QWidget*>(QStringLiteral("hardware"));
        QVERIFY(hardware && tabs->isTabVisible(tabs->indexOf(hardware)));
        view->bottomTabs()->setCurrentWidget(hardware);
        RunView* other = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(other);
        QVERIFY(!likwidAction()->isEnabled());
        QVERIFY(!exporter->exportChart(other, QStringLiteral("hardware"),
                                       ChartContextMenu::ExportPng, dir_.filePath("none.png"), 400,
                                       300, 1.0));
        const QTabWidget* otherTabs = other->bottomTabs();
        QVERIFY(!otherTabs->isTabVisible(
            otherTabs->indexOf(otherTabs->findChild<QWidget*>(QStringLiteral("hardware")))));
        // That run shows the timeline instead, and the choice stays for the next run.
        QCOMPARE(otherTabs->currentIndex(),
                 otherTabs->indexOf(other->page<TimelinePage>()->widget()));
        QCOMPARE(QSettings().value(QStringLiteral("run/eventsPage")).toString(),
                 QStringLiteral("hardware"));
    }

    void tableCsvIsTheTableAsShown() {
        MainWindow window;
        RunView* view = open(window, QStringLiteral("run_np3.h5"));
        QVERIFY(view);
        const QString path = dir_.filePath("table.csv");
        QVERIFY(window.exporter()->exportTableCsv(view, path));
        const QList<QStringList> rows = parseCsv(QString::fromUtf8(readAll(path)));
        const RegionFilterProxy* proxy = view->tableProxy();
        QCOMPARE(rows.size(), proxy->rowCount() + 1);
        // Every column, Wall too, though hidden on screen until chosen.
        QCOMPARE(rows[0].size(), int(RegionTableModel::ColumnCount));
        QCOMPARE(rows[0][0], QStringLiteral("Region"));
        QCOMPARE(rows[0][RegionTableModel::Total], QStringLiteral("Total time (s)"));
        QCOMPARE(rows[0][RegionTableModel::Exclusive], QStringLiteral("Exclusive time (s)"));
        QCOMPARE(rows[0][RegionTableModel::Imbalance], QStringLiteral("Load imbalance"));
        for (int row = 0; row < proxy->rowCount(); ++row)
            for (int column = 0; column < RegionTableModel::Wall; ++column) {
                const QModelIndex index = proxy->index(row, column);
                const QString field = rows[row + 1][column];
                if (column == RegionTableModel::Region)
                    QCOMPARE(field, index.data(RegionTableModel::SortRole).toString());
                else if (!index.data(RegionTableModel::AvailableRole).toBool())
                    QVERIFY(field.isEmpty());
                else // to 15 significant digits
                    QVERIFY2(std::abs(field.toDouble() -
                                      index.data(RegionTableModel::SortRole).toDouble()) <=
                                 1e-14 * std::abs(field.toDouble()),
                             qPrintable(field));
            }

        view->filterEdit()->setText(QStringLiteral("s"));
        QVERIFY(window.exporter()->exportTableCsv(view, path));
        const QList<QStringList> filtered = parseCsv(QString::fromUtf8(readAll(path)));
        QStringList regions;
        for (int row = 1; row < filtered.size(); ++row)
            regions << filtered[row][0];
        regions.sort();
        QCOMPARE(regions, QStringList({QStringLiteral("setup"), QStringLiteral("solve")}));
    }

    void statisticsJsonCoversAllRunsInTabOrder() {
        MainWindow window;
        QVERIFY(open(window, QStringLiteral("run_serial.h5")));
        QVERIFY(open(window, QStringLiteral("run_np3.h5")));
        QCOMPARE(window.runCount(), 2);
        const QString path = dir_.filePath("region_statistics.json");
        QVERIFY(window.exporter()->exportStatisticsJson(path));
        QJsonParseError error;
        const QJsonObject ours = QJsonDocument::fromJson(readAll(path), &error).object();
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject shipped =
            QJsonDocument::fromJson(
                readAll(kData + QStringLiteral("/compare_serial_np3.region_statistics.json")))
                .object();
        QVERIFY(!shipped.isEmpty());
        QCOMPARE(ours["common_regions"], shipped["common_regions"]);
        const QJsonArray files = ours["files"].toArray();
        const QJsonArray expected = shipped["files"].toArray();
        QCOMPARE(files.size(), 2);
        QCOMPARE(files[0]["label"].toString(), QStringLiteral("run_serial"));
        QCOMPARE(files[1]["label"].toString(), QStringLiteral("run_np3"));
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(files[i]["num_ranks"], expected[i]["num_ranks"]);
            QVERIFY(sameJson(files[i]["region_statistics"], expected[i]["region_statistics"],
                             files[i]["label"].toString()));
        }
    }

private:
    QTemporaryDir dir_;
};

QTEST_MAIN(TestExport)
#include "tst_Export.moc"
