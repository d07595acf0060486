// SPDX-License-Identifier: GPL-3.0-or-later
// The Communication page of a run with MPI call regions (MpiSpecs: values
// worked out by hand there): its tab shows only for such runs, the matrix
// holds the bytes per pair in either direction, a click selects the pair's
// send region, the small charts carry the sizes and times, 1,024 ranks stay
// drawable, and the region table shows short MPI names.
#include "FixtureWriter.h"
#include "MpiSpecs.h"
#include "TableRows.h"
#include "common/RunContext.h"
#include "communication/CommunicationPage.h"
#include "format/ProfileReader.h"
#include "models/RegionTableModel.h"
#include "run/AnalysisPages.h"
#include "run/RunView.h"

#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace scope;

namespace {

const QString kData = QStringLiteral(SCOPE_TEST_DATA_DIR);

std::shared_ptr<const RunData> load(const QString& path) {
    auto run = std::make_shared<RunData>();
    run->path = path;
    run->results = std::make_shared<const ProfilingResults>(readH5(path.toStdString()));
    return run;
}

bool setRunAndWait(RunView& view, const std::shared_ptr<const RunData>& run) {
    QSignalSpy ready(&view, &RunView::tableReady);
    view.setRun(run);
    return ready.wait(30000);
}

bool tabShown(const RunView& view) {
    const QTabWidget* tabs = view.bottomTabs();
    auto* page = view.page<CommunicationPage>();
    return page && tabs->isTabVisible(tabs->indexOf(page->widget()));
}

} // namespace

class TestCommunicationPage : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString mpiPath_;

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        mpiPath_ = dir_.filePath(QStringLiteral("mpi.h5"));
        fixtures::FixtureWriter::write(fixtures::MpiSpecs::threeRanks(), mpiPath_.toStdString());
    }

    void registeredWithItsChart() {
        bool found = false;
        for (const AnalysisPages::Chart& chart : AnalysisPages::charts())
            if (chart.id == QStringLiteral("communication")) {
                found = true;
                QCOMPARE(chart.names.name, QStringLiteral("Communication matrix"));
                QCOMPARE(chart.names.fileStem, QStringLiteral("mpi_matrix"));
            }
        QVERIFY(found);
    }

    void shownWithTheMatrixForMpiRuns() {
        RunView view;
        view.resize(1280, 900);
        view.show();
        QVERIFY(setRunAndWait(view, load(mpiPath_)));
        QVERIFY(tabShown(view));
        CommunicationPage* page = view.page<CommunicationPage>();
        MpiMatrixView* matrix = page->matrix();
        QCOMPARE(matrix->traffic()->rankCount(), std::size_t(3));
        // Sent: 0→1 2 x 1024 B, 0→2 4096 B, 1→2 3 x 4096 B.
        const std::uint64_t sent[3][3] = {{0, 2048, 4096}, {0, 0, 12288}, {0, 0, 0}};
        // Received: 1←0 2 x 1024 B, 2←1 3 x 4096 B.
        const std::uint64_t received[3][3] = {{0, 0, 0}, {2048, 0, 0}, {0, 12288, 0}};
        for (std::size_t r = 0; r < 3; ++r)
            for (std::size_t p = 0; p < 3; ++p)
                QCOMPARE(matrix->value(r, p), sent[r][p]);
        matrix->setDirection(MpiMatrixView::Direction::Received);
        for (std::size_t r = 0; r < 3; ++r)
            for (std::size_t p = 0; p < 3; ++p)
                QCOMPARE(matrix->value(r, p), received[r][p]);
        matrix->setDirection(MpiMatrixView::Direction::Sent);
        QVERIFY(page->note()->text().contains(QStringLiteral("2 point-to-point calls")));

        // Waits by request: isend 30 ns on ranks 0 and 1, irecv 40 ns on rank 2.
        const std::vector<double>& waits = page->waits()->values();
        QCOMPARE(waits.size(), std::size_t(3));
        QVERIFY(std::fabs(waits[0] - 30e-9) < 1e-15 && std::fabs(waits[2] - 40e-9) < 1e-15);
        // Collectives per rank: 30 + 30, 60 + 5 + 50, 100 + 70 ns.
        const std::vector<double>& collectives = page->collectives()->values();
        QVERIFY(std::fabs(collectives[1] - 115e-9) < 1e-15);
        QVERIFY(std::fabs(collectives[2] - 170e-9) < 1e-15);
        // Sends: 2 calls of 1 KiB and 4 of 4 KiB; 2 KiB lies between.
        QCOMPARE(page->sizes()->labels(),
                 (QStringList{QStringLiteral("1 KiB"), QStringLiteral("2 KiB"),
                              QStringLiteral("4 KiB")}));
        QCOMPARE(page->sizes()->values(), (std::vector<double>{2, 0, 4}));
    }

    void clickSelectsTheSendRegion() {
        RunView view;
        view.resize(1280, 900);
        view.show();
        QVERIFY(setRunAndWait(view, load(mpiPath_)));
        view.bottomTabs()->setCurrentWidget(view.page<CommunicationPage>()->widget());
        MpiMatrixView* matrix = view.page<CommunicationPage>()->matrix();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        matrix->repaint();
        const auto& layout = matrix->drawnLayout();
        QCOMPARE(layout.ranks, std::size_t(3));
        QSignalSpy regions(view.context(), &RunContext::regionActivated);
        QSignalSpy ranks(view.context(), &RunContext::rankActivated);
        QTest::mouseClick(matrix, Qt::LeftButton, {}, layout.centre(0, 1).toPoint());
        QCOMPARE(regions.count(), 1);
        const auto expected = view.run()->results->regionIndex(fixtures::MpiSpecs::sendToOne());
        QCOMPARE(regions.first().first().toInt(), static_cast<int>(*expected));
        QCOMPARE(ranks.first().first().value<std::uint32_t>(), 0u);
        QVERIFY(matrix->toolTipAt(layout.centre(0, 1).toPoint()).contains(QStringLiteral("2 KiB")));
        // An empty cell selects nothing.
        QTest::mouseClick(matrix, Qt::LeftButton, {}, layout.centre(2, 0).toPoint());
        QCOMPARE(regions.count(), 1);
    }

    void tableShowsShortNames() {
        RunView view;
        QVERIFY(setRunAndWait(view, load(mpiPath_)));
        const QAbstractItemModel& model = *view.tableModel();
        const QString full = QString::fromLatin1(fixtures::MpiSpecs::sendToOne());
        int found = -1;
        for (int row = 0; row < model.rowCount(); ++row)
            if (model.index(row, RegionTableModel::Region).data(RegionTableModel::SortRole) == full)
                found = row;
        QVERIFY(found >= 0);
        const QModelIndex cell = model.index(found, RegionTableModel::Region);
        QCOMPARE(cell.data().toString(), QStringLiteral("send → 1 (1 KiB)"));
        QVERIFY(cell.data(Qt::ToolTipRole).toString().startsWith(full));
        // The malformed name stays as it is.
        const QString malformed =
            QStringLiteral("mpi:send kind=point-to-point bytes=64 peer=1 root=-1 tag=7");
        QVERIFY(rowOf(model, malformed) >= 0);
    }

    void hiddenForRunsWithoutMpiRegions() {
        RunView view;
        QVERIFY(setRunAndWait(view, load(kData + "/run_np3.h5")));
        QVERIFY(!tabShown(view));
        QVERIFY(!view.page<CommunicationPage>()->surface()->offeredFor(*view.run()));
    }

    void savedAsTheHeadlessExportDoes() {
        // As HeadlessExport::exportRun: every page bound to one context, the
        // charts of the pages shown for the run saved under batchName().
        QWidget host;
        RunContext context;
        const auto pages = AnalysisPages::create(&host);
        for (const auto& page : pages)
            page->bind(&context);
        const auto run = load(mpiPath_);
        context.setRun(run, {});
        AnalysisPage* communication = nullptr;
        for (const auto& page : pages)
            if (page->id() == QStringLiteral("communication"))
                communication = page.get();
        QVERIFY(communication && communication->shownFor(*run));
        ChartSurface* surface = communication->surface();
        QCOMPARE(surface->batchName(), QStringLiteral("mpi_matrix"));
        QVERIFY(surface->offeredFor(*run));
        QCOMPARE(surface->unavailable(), QString());
        const QString path = dir_.filePath(QStringLiteral("mpi_matrix.png"));
        communication->widget()->resize(800, 600);
        QVERIFY(surface->save(ChartSurface::Format::Png, path, QSize(800, 600), 1.0, nullptr));
        const QImage image(path);
        QCOMPARE(image.size(), QSize(800, 600));
        // The largest pair (1 → 2, 12 KiB) in the darkest colour somewhere.
        const QRgb darkest = MpiMatrixPainter::colorOf(1, 1, 1).rgb() & 0xffffff;
        bool found = false;
        for (int y = 0; y < image.height() && !found; ++y)
            for (int x = 0; x < image.width() && !found; ++x)
                found = (image.pixel(x, y) & 0xffffff) == darkest;
        QVERIFY(found);

        const auto plain = load(kData + "/run_np3.h5");
        context.setRun(plain, {});
        QVERIFY(!communication->shownFor(*plain));
        QVERIFY(!surface->unavailable().isEmpty());
    }

    void thousandRanksDraw() {
        // Rank r sends 1 MiB to r + 1 and rank 700 sends 1 GiB to rank 3.
        ProfilingResults results;
        results.numRanks = 1024;
        for (std::uint32_t rank = 0; rank < 1024; ++rank) {
            const std::uint32_t peer = rank == 700 ? 3 : (rank + 1) % 1024;
            const std::int64_t bytes = rank == 700 ? (std::int64_t(1) << 30) : (1 << 20);
            results.regions.push_back(
                "mpi:send kind=point-to-point bytes=" + std::to_string(bytes) +
                " peer=" + std::to_string(peer) + " root=-1 tag=0 comm=0");
            RankRegion row;
            row.rank = rank;
            row.region = rank;
            row.summary.count = 1;
            row.summary.total = 10;
            results.rows.push_back(row);
        }
        results.finalize();
        const auto traffic =
            std::make_shared<const MpiTraffic>(MpiTraffic::compute(results, RankSelection()));
        MpiMatrixView view;
        view.setTraffic(traffic);
        QCOMPARE(view.value(700, 3), std::uint64_t(1) << 30);
        QImage image(600, 500, QImage::Format_RGB32);
        QPainter painter(&image);
        const auto layout =
            MpiMatrixPainter::paint(&painter, image.size(), traffic->sentMatrix(), 1024, "t", "");
        painter.end();
        QVERIFY(layout.rowBands < 1024 && layout.rowBands > 100);
        // The busiest pair's block has the darkest colour of the scale.
        const QPoint busiest = layout.centre(700, 3).toPoint();
        QCOMPARE(image.pixelColor(busiest).rgb() & 0xffffff,
                 MpiMatrixPainter::colorOf(1, 1, 1).rgb() & 0xffffff);
    }
};

QTEST_MAIN(TestCommunicationPage)
#include "tst_CommunicationPage.moc"
