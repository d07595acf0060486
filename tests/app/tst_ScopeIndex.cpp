// SPDX-License-Identifier: GPL-3.0-or-later
// scope-index: the index of one process and of two under mpirun are the same
// bytes, on runs of several layouts; the index holds the run's calls and
// ranks as written; a missing or damaged file ends every process with a
// status that is not 0 and a message naming the file.
#include "FileDamage.h"
#include "FixtureWriter.h"
#include "SyntheticRun.h"
#include "index/IndexCodec.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace scope;
using namespace scope::fixtures;

Q_DECLARE_METATYPE(scope::fixtures::FixtureSpec)

namespace {

struct Run {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

Run runProcess(const QString& program, const QStringList& arguments) {
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    // Containers often forbid the cross-memory attach Open MPI copies with.
    environment.insert(QStringLiteral("OMPI_MCA_btl_vader_single_copy_mechanism"),
                       QStringLiteral("none"));
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    Run run;
    if (!process.waitForFinished(120000) || process.exitStatus() != QProcess::NormalExit) {
        qWarning() << program << arguments << "did not finish:" << process.errorString();
        process.kill();
        process.waitForFinished();
        return run;
    }
    run.exitCode = process.exitCode();
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

Run indexSerially(const QStringList& arguments) {
    return runProcess(QStringLiteral(SCOPE_INDEX_EXE), arguments);
}

#ifdef SCOPE_INDEX_MPI
Run indexWithMpi(int processes, const QStringList& arguments) {
    return runProcess(QStringLiteral(SCOPE_MPIEXEC),
                      QStringList{QStringLiteral("--allow-run-as-root"),
                                  QStringLiteral("--oversubscribe"), QStringLiteral("-n"),
                                  QString::number(processes), QStringLiteral(SCOPE_INDEX_EXE)} +
                          arguments);
}
#endif

QByteArray contents(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

FixtureSpec synthetic(std::uint32_t ranks, std::uint64_t calls) {
    SyntheticRun::Shape shape;
    shape.ranks = ranks;
    shape.regions = 5;
    shape.calls = calls;
    return SyntheticRun::generate(shape);
}

} // namespace

class TestScopeIndex : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;

    QString file(const QString& name) const { return dir_.filePath(name); }

private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
#ifndef SCOPE_INDEX_MPI
        qWarning("scope-index was built without MPI (SCOPE_WITH_MPI=OFF): only serial runs");
#endif
    }

    void sameBytesWithOneAndTwoProcesses_data() {
        QTest::addColumn<FixtureSpec>("spec");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<int>("calls"); // per rank and region
        QTest::addColumn<QStringList>("options");
        QTest::newRow("schema 3, delta, zstd, 3 ranks") << [] {
            FixtureSpec s = synthetic(3, 400);
            s.compression = Compression::Zstd;
            s.chunkSize = 256;
            return s;
        }() << 3 << 400 << QStringList();
        QTest::newRow("schema 2, absolute, contiguous") << [] {
            FixtureSpec s = synthetic(4, 300);
            s.schema = 2;
            s.encoding = EventEncoding::Absolute;
            s.chunked = false;
            return s;
        }() << 4 << 300 << QStringList();
        QTest::newRow("shuffled rows, deflate, thread and task columns") << [] {
            FixtureSpec s = synthetic(5, 200);
            s.shuffleRows = true;
            s.compression = Compression::Deflate;
            s.threadTaskColumns = true;
            return s;
        }() << 5 << 200 << QStringList();
        QTest::newRow("one rank") << synthetic(1, 500) << 1 << 500 << QStringList();
        // A pyramid budget that keeps only the coarser levels: each rank's
        // share decides which, whichever process built it.
        QTest::newRow("7 ranks, small budget")
            << synthetic(7, 2000) << 7 << 2000
            << QStringList{QStringLiteral("--memory-budget"), QStringLiteral("2M")};
    }
    void sameBytesWithOneAndTwoProcesses() {
        QFETCH(FixtureSpec, spec);
        QFETCH(int, ranks);
        QFETCH(int, calls);
        QFETCH(QStringList, options);
        const QString tag = QString::fromLatin1(QTest::currentDataTag()).replace(' ', '_');
        const QString run = file(tag + QStringLiteral(".h5"));
        FixtureWriter::write(spec, run.toStdString());

        const QString serial = file(tag + QStringLiteral(".serial.scopeindex"));
        const Run one =
            indexSerially(options + QStringList{QStringLiteral("--output"), serial, run});
        QVERIFY2(one.exitCode == 0, one.err.constData());
        QVERIFY2(one.out.contains(serial.toUtf8()), one.out.constData());
        const QByteArray serialBytes = contents(serial);
        QVERIFY(!serialBytes.isEmpty());

        // The index describes the run as written: every call of every rank.
        const RunIndex index = IndexCodec::decode(
            std::string_view(serialBytes.constData(), std::size_t(serialBytes.size())),
            serial.toStdString());
        QCOMPARE(index.results.totalCalls(), std::uint64_t(ranks) * 5 * std::uint64_t(calls));
        QCOMPARE(index.timeline.rankTrees.size(), std::size_t(ranks));
        QCOMPARE(index.timeline.rankLanes.ranks().size(), std::size_t(ranks));

#ifdef SCOPE_INDEX_MPI
        const QString parallel = file(tag + QStringLiteral(".mpi.scopeindex"));
        const Run two =
            indexWithMpi(2, options + QStringList{QStringLiteral("--output"), parallel, run});
        QVERIFY2(two.exitCode == 0, two.err.constData());
        QVERIFY2(two.out.contains("with 2 processes"), two.out.constData());
        // Process 0 alone writes and reports.
        QCOMPARE(two.out.count("index written"), 1);
        QVERIFY(contents(parallel) == serialBytes);
#else
        QSKIP("scope-index was built without MPI");
#endif
    }

    void failsNamingTheFile_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("processes");
        QTest::newRow("missing, 1 process") << QStringLiteral("missing.h5") << 1;
        QTest::newRow("truncated, 1 process") << QStringLiteral("truncated.h5") << 1;
        QTest::newRow("not HDF5, 1 process") << QStringLiteral("not-hdf5.h5") << 1;
#ifdef SCOPE_INDEX_MPI
        QTest::newRow("missing, 2 processes") << QStringLiteral("missing.h5") << 2;
        QTest::newRow("truncated, 2 processes") << QStringLiteral("truncated.h5") << 2;
#endif
    }
    void failsNamingTheFile() {
        QFETCH(QString, name);
        QFETCH(int, processes);
        const QString whole = file(QStringLiteral("whole.h5"));
        if (!QFile::exists(whole)) {
            FixtureWriter::write(synthetic(2, 200), whole.toStdString());
            FileDamage::truncatedCopy(whole.toStdString(),
                                      file(QStringLiteral("truncated.h5")).toStdString(),
                                      FileDamage::fileSize(whole.toStdString()) / 2);
            FileDamage::writeNotHdf5(file(QStringLiteral("not-hdf5.h5")).toStdString());
        }
        const QString run = file(name);
        const QString output = file(name + QStringLiteral(".scopeindex"));
        const QStringList arguments{QStringLiteral("--output"), output, run};
        Run result;
#ifdef SCOPE_INDEX_MPI
        result = processes == 1 ? indexSerially(arguments) : indexWithMpi(processes, arguments);
#else
        result = indexSerially(arguments);
#endif
        QVERIFY2(result.exitCode != 0, result.out.constData());
        QVERIFY2(result.err.contains(run.toUtf8()), result.err.constData());
        QVERIFY(!QFile::exists(output));
    }

    void usageErrors() {
        const Run none = indexSerially({});
        QCOMPARE(none.exitCode, 2);
        QVERIFY2(none.err.contains("no FILE"), none.err.constData());
        const Run both = indexSerially({QStringLiteral("--output"), file(QStringLiteral("x")),
                                        QStringLiteral("--index-beside"), QStringLiteral("y.h5")});
        QCOMPARE(both.exitCode, 2);
        const Run budget = indexSerially(
            {QStringLiteral("--memory-budget"), QStringLiteral("lots"), QStringLiteral("y.h5")});
        QCOMPARE(budget.exitCode, 2);
        QVERIFY2(budget.err.contains("--memory-budget"), budget.err.constData());
    }
};

QTEST_GUILESS_MAIN(TestScopeIndex)
#include "tst_ScopeIndex.moc"
