// SPDX-License-Identifier: GPL-3.0-or-later
// Run names a user can tell apart: the file stem, and the nearest parent
// folders where stems repeat (the default file name of every job).
#include "export/DistinctLabels.h"

#include <QtTest>

#include <string>
#include <vector>

using scope::DistinctLabels;

namespace {

QStringList labelsOf(const std::vector<std::string>& paths) {
    QStringList out;
    for (const std::string& label : DistinctLabels::fromPaths(paths))
        out << QString::fromStdString(label);
    return out;
}

} // namespace

class TestDistinctLabels : public QObject {
    Q_OBJECT
private slots:
    void differentNamesKeepTheirStem() {
        QCOMPARE(labelsOf({"/data/run_np3.h5", "/data/run_serial.h5", "/x/cg.run.hdf5"}),
                 QStringList({"run_np3", "run_serial", "cg.run"}));
    }

    void equalNamesTakeTheNearestFolderThatDiffers() {
        QCOMPARE(labelsOf({"/scratch/study/runA/profiling_data.h5",
                           "/scratch/study/runB/profiling_data.h5", "/scratch/other.h5"}),
                 QStringList({"runA/profiling_data", "runB/profiling_data", "other"}));
    }

    void foldersAreAddedOnlyWhereNeeded() {
        // The nearest folders are equal; the one above them differs.
        QCOMPARE(labelsOf({"/a/np16/out/profiling_data.h5", "/b/np64/out/profiling_data.h5",
                           "/c/solo/profiling_data.h5"}),
                 QStringList({"np16/out/profiling_data", "np64/out/profiling_data",
                              "solo/profiling_data"}));
        // Only the runs that share a name get longer.
        QCOMPARE(labelsOf({"/a/x/p.h5", "/a/y/p.h5", "/a/y/q.h5"}),
                 QStringList({"x/p", "y/p", "q"}));
    }

    void aShallowPathStopsWhereItsFoldersEnd() {
        QCOMPARE(labelsOf({"/runA/p.h5", "/deep/runA/p.h5"}),
                 QStringList({"runA/p", "deep/runA/p"}));
    }

    void sameFolderAndStemFallBackToTheExtension() {
        QCOMPARE(labelsOf({"/d/run.h5", "/d/run.hdf5"}), QStringList({"d/run.h5", "d/run.hdf5"}));
    }

    void theSamePathTwiceIsNumbered() {
        QCOMPARE(labelsOf({"/d/run.h5", "/d/run.h5"}), QStringList({"d/run", "d/run (2)"}));
    }

    void nothingInNothingOut() { QVERIFY(DistinctLabels::fromPaths({}).empty()); }
};

QTEST_APPLESS_MAIN(TestDistinctLabels)
#include "tst_DistinctLabels.moc"
