// SPDX-License-Identifier: GPL-3.0-or-later
// The line profile view: lines, hits, times, time per hit and shares of a
// real sample and of a fixture file worked out by hand, the source text
// beside them, and the shading of the hottest lines with readable text.
#include "FixtureWriter.h"
#include "common/ColorContrast.h"
#include "format/ProfileReader.h"
#include "hardware/LineProfileView.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

#include <memory>

using namespace scope;
using namespace scope::fixtures;

namespace {

QString text(const QAbstractItemModel* model, int row, int column) {
    return model->index(row, column).data().toString();
}

} // namespace

class TestLineProfileView : public QObject {
    Q_OBJECT
private slots:
    void sampleWithSource() {
        const auto run =
            std::make_shared<const ProfilingResults>(readH5(SCOPE_TEST_DATA_DIR "/v3_serial.h5"));
        QVERIFY(LineProfileView::hasData(*run));
        QVERIFY(!LineProfileView::hasData(readH5(SCOPE_TEST_DATA_DIR "/run_serial.h5")));
        LineProfileView view;
        QAbstractItemModelTester tester(view.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setRun(run);
        QCOMPARE(view.picker()->count(), 1);
        QCOMPARE(view.picker()->currentText(),
                 QStringLiteral("kernel — examples/solver.py:20 (region solve, rank 0)"));
        const LineProfileModel* m = view.model();
        using C = LineProfileModel::Column;
        // Source lines 20 to 23; lines 21, 22, 23 ran 6, 600 and 6 times in
        // 1,500, 250,000 and 900 ns: 252,400 ns in all.
        QCOMPARE(m->rowCount(), 4);
        QCOMPARE(m->totalSeconds(), 252400e-9);
        QCOMPARE(text(m, 0, C::Line), QStringLiteral("20"));
        QCOMPARE(text(m, 0, C::Source), QStringLiteral("def kernel(n):"));
        QCOMPARE(text(m, 0, C::Hits), QString()); // the def line never "runs"
        QCOMPARE(text(m, 2, C::Line), QStringLiteral("22"));
        QVERIFY(text(m, 2, C::Source).trimmed() == QStringLiteral("pass"));
        QCOMPARE(text(m, 2, C::Hits), QStringLiteral("600"));
        QCOMPARE(text(m, 2, C::Time), QStringLiteral("250 µs"));
        QCOMPARE(text(m, 2, C::TimePerHit), QStringLiteral("417 ns")); // 250,000 / 600
        QCOMPARE(text(m, 2, C::Share), QStringLiteral("99.0 %"));
        QCOMPARE(text(m, 1, C::Time), QStringLiteral("1.50 µs"));
        QCOMPARE(text(m, 1, C::TimePerHit), QStringLiteral("250 ns"));
        QCOMPARE(text(m, 1, C::Share), QStringLiteral("0.6 %"));
        // Only line 22 reaches 5 %: it alone is shaded, its text readable.
        const QVariant hot = m->index(2, C::Time).data(Qt::BackgroundRole);
        QVERIFY(hot.isValid());
        QVERIFY(ColorContrast::ratio(m->index(2, C::Time).data(Qt::ForegroundRole).value<QColor>(),
                                     hot.value<QColor>()) >= 4.5);
        QVERIFY(!m->index(1, C::Time).data(Qt::BackgroundRole).isValid());
        QVERIFY(!m->index(0, C::Time).data(Qt::BackgroundRole).isValid());
    }

    void twoFunctionsWithoutSource() {
        FixtureSpec spec;
        spec.rows.push_back(FixtureRow::make(0, "solve", {0}, {100}));
        spec.rows.push_back(FixtureRow::make(1, "solve", {0}, {100}));
        LineProfileSpec a;
        a.rank = 0;
        a.region = "solve";
        a.filename = "a.py";
        a.function = "f";
        a.firstLine = 9;
        a.unit = 1e-6;
        a.lineNumbers = {10, 12, 15};
        a.hits = {1, 10, 100};
        a.times = {50, 30, 20}; // µs: 50 %, 30 %, 20 % of 100 µs
        LineProfileSpec b = a;
        b.rank = 1;
        b.function = "g";
        b.lineNumbers = {3};
        b.hits = {0};
        b.times = {0};
        spec.lineProfiles = {a, b};
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lines.h5"));
        FixtureWriter::write(spec, path.toStdString());
        const auto run = std::make_shared<const ProfilingResults>(readH5(path.toStdString()));

        LineProfileView view;
        QAbstractItemModelTester tester(view.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        view.setRun(run);
        QCOMPARE(view.picker()->count(), 2);
        const LineProfileModel* m = view.model();
        using C = LineProfileModel::Column;
        QCOMPARE(m->rowCount(), 3); // no source: the profiled lines only
        QCOMPARE(text(m, 0, C::Line), QStringLiteral("10"));
        QCOMPARE(text(m, 0, C::Time), QStringLiteral("50.0 µs"));
        QCOMPARE(text(m, 1, C::TimePerHit), QStringLiteral("3.00 µs"));
        QCOMPARE(text(m, 2, C::TimePerHit), QStringLiteral("200 ns"));
        QCOMPARE(text(m, 2, C::Share), QStringLiteral("20.0 %"));
        QCOMPARE(text(m, 2, C::Source), QString());
        // All three are hot; the hottest is shaded strongest (darkest).
        const auto shade = [m](int row) {
            return m->index(row, C::Line).data(Qt::BackgroundRole).value<QColor>();
        };
        QVERIFY(ColorContrast::luminance(shade(0)) < ColorContrast::luminance(shade(1)));
        QVERIFY(ColorContrast::luminance(shade(1)) < ColorContrast::luminance(shade(2)));
        for (int row = 0; row < 3; ++row)
            QVERIFY(ColorContrast::ratio(
                        m->index(row, C::Line).data(Qt::ForegroundRole).value<QColor>(),
                        shade(row)) >= 4.5);
        // The table sorts by the numbers, not their text: 50 µs before 200 ns... by time.
        view.table()->sortByColumn(C::TimePerHit, Qt::DescendingOrder);
        const QAbstractItemModel* sorted = view.table()->model();
        QCOMPARE(text(sorted, 0, C::Line), QStringLiteral("10"));
        QCOMPARE(text(sorted, 2, C::Line), QStringLiteral("15"));

        // A function that never ran: no share, no shading, no division by zero.
        view.setProfile(1);
        QCOMPARE(m->profile(), 1);
        QCOMPARE(m->rowCount(), 1);
        QCOMPARE(text(m, 0, C::Hits), QStringLiteral("0"));
        QCOMPARE(text(m, 0, C::TimePerHit), QString());
        QCOMPARE(text(m, 0, C::Share), QString());
        QVERIFY(!m->index(0, C::Line).data(Qt::BackgroundRole).isValid());
    }
};

QTEST_MAIN(TestLineProfileView)
#include "tst_LineProfileView.moc"
