// SPDX-License-Identifier: GPL-3.0-or-later
// The flame graph widget: what is under given pixels, zoom and the way back,
// search highlighting as painted, tooltip text worked out by hand, exports.
#include "CallTrees.h"
#include "analysis/CallTree.h"
#include "analysis/TimelineIndex.h"
#include "callpaths/FlameGraph.h"
#include "charts/ChartExporter.h"
#include "common/RegionPalette.h"

#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace scope;

namespace {

constexpr std::int64_t kMs = 1'000'000;

// main [0,100] > solve [10,60] > rhs [20,30] [40,50]; solve [70,90]; io
// [92,98]; a [61,61.05] and b [62,62.05] (ms). At 1000 px: main 10 px per ms,
// solve [0,700), io [700,760), a and b 0.5 px each: merged into [760,761);
// rhs 200 px of solve's 700.
std::shared_ptr<const ProfilingResults> run() {
    return std::make_shared<const ProfilingResults>(
        makeResults({{0, "main", {{0, 100 * kMs}}},
                     {0, "solve", {{10 * kMs, 60 * kMs}, {70 * kMs, 90 * kMs}}},
                     {0, "rhs", {{20 * kMs, 30 * kMs}, {40 * kMs, 50 * kMs}}},
                     {0, "io", {{92 * kMs, 98 * kMs}}},
                     {0, "a", {{61 * kMs, 61 * kMs + 50'000}}},
                     {0, "b", {{62 * kMs, 62 * kMs + 50'000}}}}));
}

// The node of a path given by region names.
std::uint32_t nodeOf(const CallTree& tree, const ProfilingResults& r, const std::string& path) {
    for (std::uint32_t n = 0; n < tree.size(); ++n)
        if (tree.pathText(n, r) == path)
            return n;
    return CallTree::kNone;
}

bool near(QColor a, QColor b) {
    return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
               std::abs(a.blue() - b.blue()) <
           6;
}

} // namespace

class TestFlameGraph : public QObject {
    Q_OBJECT
private slots:
    void init() {
        results_ = run();
        tree_ = treeOf(*results_);
        graph_ = std::make_unique<FlameGraph>();
        graph_->resize(1008, 300); // 4 px margins
        graph_->setTree(tree_, results_);
    }

    // The middle of pixel column x in row `row` of the plot.
    QPoint at(int x, int row) const {
        return QPoint(graph_->plotRect().left() + x, graph_->plotRect().top() +
                                                         row * graph_->rowHeight() +
                                                         graph_->rowHeight() / 2);
    }
    std::uint32_t node(const std::string& path) const { return nodeOf(*tree_, *results_, path); }

private slots:
    void hitTestingAtPixels() {
        QCOMPARE(graph_->plotRect().width(), 1000);
        QCOMPARE(graph_->nodeAt(at(500, 0)).node, CallTree::kRoot);
        QCOMPARE(graph_->nodeAt(at(999, 1)).node, node("main"));
        QCOMPARE(graph_->nodeAt(at(0, 2)).node, node("main > solve"));
        QCOMPARE(graph_->nodeAt(at(699, 2)).node, node("main > solve"));
        QCOMPARE(graph_->nodeAt(at(700, 2)).node, node("main > io"));
        QCOMPARE(graph_->nodeAt(at(759, 2)).node, node("main > io"));
        const FlameHit merged = graph_->nodeAt(at(760, 2));
        QVERIFY(merged.isMerged());
        QCOMPARE(merged.node, node("main"));
        QCOMPARE(merged.merged, std::uint32_t(2));
        QVERIFY(!graph_->nodeAt(at(761, 2)).valid()); // main's own time
        QCOMPARE(graph_->nodeAt(at(199, 3)).node, node("main > solve > rhs"));
        QVERIFY(!graph_->nodeAt(at(200, 3)).valid());
        QVERIFY(!graph_->nodeAt(at(100, 4)).valid());
        QVERIFY(!graph_->nodeAt(QPoint(100, 2)).valid());          // the breadcrumb bar
        QVERIFY(!graph_->nodeAt(QPoint(2, at(0, 1).y())).valid()); // the margin
    }

    void clickZoomsAndBreadcrumbLeadsBack() {
        QSignalSpy nodes(graph_.get(), &FlameGraph::nodeSelected);
        QSignalSpy regions(graph_.get(), &FlameGraph::regionSelected);
        QSignalSpy zooms(graph_.get(), &FlameGraph::zoomChanged);
        QCOMPARE(graph_->breadcrumb(), QStringList{"All"});
        QTest::mouseClick(graph_.get(), Qt::LeftButton, {}, at(350, 2));
        const std::uint32_t solve = node("main > solve");
        QCOMPARE(graph_->zoomRoot(), solve);
        QCOMPARE(nodes.size(), 1);
        QCOMPARE(nodes[0][0].value<quint32>(), solve);
        QCOMPARE(regions.size(), 1);
        QCOMPARE(regions[0][0].toInt(), 1); // "solve", second region of the run
        QCOMPARE(zooms.size(), 1);
        QCOMPARE(graph_->breadcrumb(), (QStringList{"All", "main", "solve"}));
        // solve spans the width; rhs has 20 of its 70 ms: [0, 285.7).
        QCOMPARE(graph_->nodeAt(at(999, 0)).node, solve);
        QCOMPARE(graph_->nodeAt(at(285, 1)).node, node("main > solve > rhs"));
        QVERIFY(!graph_->nodeAt(at(286, 1)).valid());

        // Back to main by its part of the breadcrumb, then up with the keys.
        QTest::mouseClick(graph_.get(), Qt::LeftButton, {}, graph_->breadcrumbRect(1).center());
        QCOMPARE(graph_->zoomRoot(), node("main"));
        QCOMPARE(graph_->breadcrumb(), (QStringList{"All", "main"}));
        QTest::keyClick(graph_.get(), Qt::Key_Escape);
        QCOMPARE(graph_->zoomRoot(), CallTree::kRoot);
        QTest::keyClick(graph_.get(), Qt::Key_Backspace); // already at the top
        QCOMPARE(graph_->zoomRoot(), CallTree::kRoot);
        QCOMPARE(zooms.size(), 3);

        // A merged box zooms into the node whose children it holds, and
        // selects nothing.
        QTest::mouseClick(graph_.get(), Qt::LeftButton, {}, at(760, 2));
        QCOMPARE(graph_->zoomRoot(), node("main"));
        QCOMPARE(nodes.size(), 1);
    }

    void newTreeKeepsTheZoomedPath() {
        graph_->zoomTo(node("main > solve"));
        const auto again = treeOf(*results_);
        graph_->setTree(again, results_);
        QCOMPARE(graph_->zoomRoot(), nodeOf(*again, *results_, "main > solve"));
        // A tree without that path shows everything.
        const auto other = std::make_shared<const ProfilingResults>(
            makeResults({{0, "main", {{0, 10}}}, {0, "io", {{2, 4}}}}));
        graph_->setTree(treeOf(*other), other);
        QCOMPARE(graph_->zoomRoot(), CallTree::kRoot);
        graph_->clear();
        QVERIFY(!graph_->nodeAt(at(10, 1)).valid());
        QVERIFY(graph_->toolTipAt(at(10, 1)).isEmpty());
    }

    void searchHighlightsMatchesAndFadesTheRest() {
        const auto pixel = [this](int x, int row) {
            // The bottom line of the box: below any label.
            const QPoint p = at(x, row) + QPoint(0, graph_->rowHeight() / 2 - 2);
            return graph_->grab().toImage().pixelColor(p);
        };
        const QColor solve = RegionPalette::color("solve");
        const QColor rhs = RegionPalette::color("rhs");
        QVERIFY(near(pixel(650, 2), solve));
        QVERIFY(near(pixel(150, 3), rhs));

        graph_->setSearch("RHS");
        QVERIFY(graph_->matchesSearch(node("main > solve > rhs")));
        QVERIFY(!graph_->matchesSearch(node("main > solve")));
        QVERIFY(near(pixel(150, 3), rhs));
        const QColor faded = pixel(650, 2);
        QVERIFY(!near(faded, solve));
        QVERIFY(faded.lightness() > solve.lightness()); // towards the white base

        graph_->setSearch("");
        QVERIFY(graph_->matchesSearch(node("main > solve")));
        QVERIFY(near(pixel(650, 2), solve));
    }

    void toolTips() {
        // Run 100 ms (rank 0 from 0 to 100 ms).
        QCOMPARE(graph_->toolTipAt(at(300, 2)),
                 QStringLiteral("main > solve\n2 calls\nInclusive: 70.0 ms\nExclusive: 50.0 "
                                "ms\n70.0 % of run"));
        QCOMPARE(graph_->toolTipAt(at(100, 3)),
                 QStringLiteral("main > solve > rhs\n2 calls\nInclusive: 20.0 ms\nExclusive: "
                                "20.0 ms\n20.0 % of run"));
        // main: 100 - 70 - 6 - 0.05 - 0.05 ms of its own.
        QCOMPARE(graph_->toolTipAt(at(900, 1)),
                 QStringLiteral("main\n1 call\nInclusive: 100 ms\nExclusive: 23.9 ms\n100.0 % "
                                "of run"));
        QCOMPARE(graph_->toolTipAt(at(760, 2)),
                 QStringLiteral("2 paths under main, too narrow to draw apart\nInclusive: 100 "
                                "µs\n0.1 % of run"));
        QCOMPARE(graph_->toolTipAt(at(5, 0)),
                 QStringLiteral("All calls\n1 call\nInclusive: 100 ms\n100.0 % of run"));
        QVERIFY(graph_->toolTipAt(at(900, 2)).isEmpty());
    }

    void deepTreesScroll() {
        // 40 levels: more rows than 300 px hold.
        std::vector<Row> rows;
        for (int d = 0; d < 40; ++d)
            rows.push_back({0, "r" + std::to_string(d), {{d, 1000 - d}}});
        const auto deep = std::make_shared<const ProfilingResults>(makeResults(rows));
        const auto tree = treeOf(*deep);
        graph_->setTree(tree, deep);
        QCOMPARE(graph_->layout().rows(), std::size_t(41));
        QVERIFY(graph_->plotRect().width() < 1000); // the scroll bar's share
        QCOMPARE(graph_->nodeAt(at(10, 0)).node, CallTree::kRoot);
        QWheelEvent wheel(QPointF(at(10, 0)), graph_->mapToGlobal(QPointF(at(10, 0))), QPoint(),
                          QPoint(0, -120), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(graph_.get(), &wheel);
        const std::uint32_t top = graph_->nodeAt(at(10, 0)).node;
        QVERIFY(top != CallTree::kRoot && top != CallTree::kNone);
        QCOMPARE(tree->depth[top], std::uint32_t(QApplication::wheelScrollLines()));

        // Zoomed to the bottom, the breadcrumb keeps "All" and the last levels
        // within the width, the middle given way to "…".
        std::string path = "r0";
        for (int d = 1; d < 40; ++d)
            path += " > r" + std::to_string(d);
        const std::uint32_t deepest = nodeOf(*tree, *deep, path);
        graph_->zoomTo(deepest);
        const QStringList parts = graph_->breadcrumb();
        QCOMPARE(parts.front(), QStringLiteral("All"));
        QCOMPARE(parts[1], QStringLiteral("\u2026"));
        QCOMPARE(parts.back(), QStringLiteral("r39"));
        QCOMPARE(parts[parts.size() - 2], QStringLiteral("r38"));
        QVERIFY(parts.size() < 41);
        QVERIFY(graph_->breadcrumbRect(static_cast<int>(parts.size()) - 1).right() <
                graph_->width());
        // Its parts still lead back out.
        QTest::mouseClick(graph_.get(), Qt::LeftButton, {},
                          graph_->breadcrumbRect(static_cast<int>(parts.size()) - 2).center());
        QCOMPARE(graph_->zoomRoot(), tree->parent[deepest]);
    }

    void exports() {
        graph_->setRunLabel("run_np3");
        graph_->setRanksText("ranks 0–1");
        QCOMPARE(graph_->title(), QStringLiteral("Flame graph of run_np3, ranks 0–1"));
        QCOMPARE(graph_->exportSize(400, 300), QSize(400, 300));
        QTemporaryDir dir;
        const QString png = dir.filePath("flame.png");
        QVERIFY(graph_->savePng(png, 400, 300, 2.0));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(800, 600));
        // solve's box (70 % of 400 px, a row's height) in its colour.
        qint64 solvePixels = 0;
        const QColor solve = RegionPalette::color("solve");
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                solvePixels += near(image.pixelColor(x, y), solve) ? 1 : 0;
        QVERIFY2(solvePixels > 2 * 250 * 2 * 10, qPrintable(QString::number(solvePixels)));

        const QString svg = dir.filePath("flame.svg");
        QVERIFY(graph_->saveSvg(svg, 400, 300));
        QFile svgFile(svg);
        QVERIFY(svgFile.open(QIODevice::ReadOnly));
        const QByteArray svgText = svgFile.readAll();
        QVERIFY(svgText.contains("width=\"400\"") || svgText.contains("width=\"141"));
        QVERIFY(svgText.contains("Flame graph of run_np3"));
        QVERIFY(svgText.contains(">solve<"));

        const QString pdf = dir.filePath("flame.pdf");
        QVERIFY(graph_->savePdf(pdf, 400, 300));
        QFile pdfFile(pdf);
        QVERIFY(pdfFile.open(QIODevice::ReadOnly));
        QVERIFY(pdfFile.readAll().startsWith("%PDF"));

        graph_->copyToClipboard(200, 100, 1.0);
        const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
        QVERIFY(mime != nullptr);
        QCOMPARE(qvariant_cast<QImage>(mime->imageData()).size(), QSize(200, 100));
        QVERIFY(mime->data("image/svg+xml").contains("<svg"));
    }

    // An image shows the path above the graph once zoomed; unzoomed it
    // would only repeat the root box's "All" right above it.
    void exportsShowThePathOnlyWhenZoomed() {
        QTemporaryDir dir;
        const auto svgText = [&](const QString& name) {
            const QString path = dir.filePath(name);
            QFile file(path);
            return graph_->saveSvg(path, 400, 300) && file.open(QIODevice::ReadOnly)
                       ? QString::fromUtf8(file.readAll())
                       : QString();
        };
        const QString whole = svgText(QStringLiteral("whole.svg"));
        QCOMPARE(whole.count(QStringLiteral(">All<")), 1);
        graph_->zoomTo(node("main > solve"));
        const QString zoomed = svgText(QStringLiteral("zoomed.svg"));
        // "All" and "main" from the path; the graph starts at solve.
        QCOMPARE(zoomed.count(QStringLiteral(">All<")), 1);
        QCOMPARE(zoomed.count(QStringLiteral(">main<")), 1);
        QVERIFY(zoomed.contains(QStringLiteral(">solve<")));
    }

    // Without a height, an image is as tall as the tree: four rows here
    // (All, main, solve, rhs), where the window's height left most of it
    // empty; forty-one below, where the window's height cut it off.
    void aDefaultImageIsAsTallAsItsRows() {
        QVERIFY(!graph_->isVisible());
        const QSize size = graph_->exportSize();
        QCOMPARE(size.width(), ChartExporter::kDefaultSize.width());
        QVERIFY2(size.height() < 6 * graph_->rowHeight(),
                 qPrintable(QString::number(size.height())));
        QTemporaryDir dir;
        const QString png = dir.filePath("flame.png");
        QVERIFY(graph_->savePng(png, 0, 0, 1.0));
        const QImage image(png);
        QCOMPARE(image.size(), size);
        // rhs, the deepest row, ends within the margin of the image's bottom.
        const QColor rhs = RegionPalette::color("rhs");
        int lowestRhs = -1;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                if (near(image.pixelColor(x, y), rhs))
                    lowestRhs = y;
        QVERIFY(lowestRhs >= 0);
        QVERIFY2(image.height() - lowestRhs <= 8, qPrintable(QString::number(lowestRhs)));

        std::vector<Row> rows;
        for (int d = 0; d < 40; ++d)
            rows.push_back({0, "r" + std::to_string(d), {{d, 1000 - d}}});
        const auto deep = std::make_shared<const ProfilingResults>(makeResults(rows));
        graph_->setTree(treeOf(*deep), deep);
        QVERIFY(graph_->exportSize().height() > 41 * graph_->rowHeight());
        const QString svg = dir.filePath("deep.svg");
        QVERIFY(graph_->saveSvg(svg));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(file.readAll().contains(">r39<"));
    }

private:
    std::shared_ptr<const ProfilingResults> results_;
    std::shared_ptr<const CallTree> tree_;
    std::unique_ptr<FlameGraph> graph_;
};

QTEST_MAIN(TestFlameGraph)
#include "tst_FlameGraph.moc"
