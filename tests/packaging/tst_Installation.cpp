// SPDX-License-Identifier: GPL-3.0-or-later
// What a distribution package gets from `cmake --install`: the programs and the
// desktop integration (launcher, icons, AppStream data) at the paths desktops
// look in, valid by the freedesktop tools, and claiming the .h5 file type.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMimeDatabase>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

namespace {

const QString kAppId = QStringLiteral("io.github.scopeviewer.ScopeViewer");
const QString kDesktopFile =
    QStringLiteral("share/applications/") + kAppId + QStringLiteral(".desktop");
const QString kMetainfoFile =
    QStringLiteral("share/metainfo/") + kAppId + QStringLiteral(".metainfo.xml");

struct Run {
    int exitCode = -1;
    QString output;
};

Run run(const QString& program, const QStringList& arguments) {
    QProcess process;
    process.setProcessChannelMode(QProcess::MergedChannels);
    process.start(program, arguments);
    Run result;
    if (!process.waitForFinished(120000)) {
        result.output = process.errorString();
        return result;
    }
    result.output = QString::fromLocal8Bit(process.readAll());
    result.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    return result;
}

// Desktop entry values are lists separated (and usually ended) by ';'.
QStringList desktopList(const QString& desktopPath, const QString& key) {
    QFile file(desktopPath);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return {};
    const QString prefix = key + u'=';
    while (!file.atEnd()) {
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.startsWith(prefix))
            return line.mid(prefix.size()).split(u';', Qt::SkipEmptyParts);
    }
    return {};
}

} // namespace

class tst_Installation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void installsFilesAtStandardPaths_data();
    void installsFilesAtStandardPaths();
    void desktopFileIsValid();
    void metainfoIsValid();
    void desktopFileClaimsHdf5Files_data();
    void desktopFileClaimsHdf5Files();

private:
    QTemporaryDir prefix_;
};

void tst_Installation::initTestCase() {
    QVERIFY(prefix_.isValid());
    const Run install = run(QStringLiteral(SCOPE_CMAKE_COMMAND),
                            {QStringLiteral("--install"), QStringLiteral(SCOPE_BUILD_DIR),
                             QStringLiteral("--prefix"), prefix_.path()});
    QVERIFY2(install.exitCode == 0, qPrintable(install.output));
}

void tst_Installation::installsFilesAtStandardPaths_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("scope-viewer") << QStringLiteral("bin/scope-viewer");
    QTest::newRow("scope-report") << QStringLiteral("bin/scope-report");
    // Found by the programs at ../libexec/scope-viewer relative to themselves.
    QTest::newRow("scope-read-worker") << QStringLiteral("libexec/scope-viewer/scope-read-worker");
    // Help ▸ Documentation reads it there (ShippedDocs).
    QTest::newRow("documentation") << QStringLiteral("share/doc/scope-viewer/viewer.md");
    QTest::newRow("desktop file") << kDesktopFile;
    QTest::newRow("metainfo") << kMetainfoFile;
    QTest::newRow("scalable icon")
        << QStringLiteral("share/icons/hicolor/scalable/apps/scope-viewer.svg");
    for (int size : {16, 32, 48, 64, 128, 256}) {
        const QString path =
            QStringLiteral("share/icons/hicolor/%1x%1/apps/scope-viewer.png").arg(size);
        QTest::newRow(qPrintable(path)) << path;
    }
}

void tst_Installation::installsFilesAtStandardPaths() {
    QFETCH(QString, path);
    const QFileInfo info(QDir(prefix_.path()).filePath(path));
    QVERIFY2(info.isFile(), qPrintable(path + QStringLiteral(" is not installed")));
    QVERIFY(info.size() > 0);
    if (path.startsWith(QStringLiteral("bin/")) || path.startsWith(QStringLiteral("libexec/")))
        QVERIFY(info.isExecutable());
    if (path.endsWith(QStringLiteral(".png"))) {
        // The directory name promises the size.
        const QImage image(info.filePath());
        const int size = path.section(u'/', 3, 3).section(u'x', 0, 0).toInt();
        QCOMPARE(image.size(), QSize(size, size));
    }
}

void tst_Installation::desktopFileIsValid() {
    const QString validator =
        QStandardPaths::findExecutable(QStringLiteral("desktop-file-validate"));
    if (validator.isEmpty())
        QSKIP("desktop-file-validate is not installed (Debian: desktop-file-utils)");
    const QString path = QDir(prefix_.path()).filePath(kDesktopFile);
    const Run check = run(validator, {path});
    QVERIFY2(check.exitCode == 0, qPrintable(check.output));
    // desktop-file-validate exits 0 on warnings too; they are still mistakes.
    QVERIFY2(!check.output.contains(QStringLiteral("warning")), qPrintable(check.output));
    // The icon named by the launcher is the one installed.
    QCOMPARE(desktopList(path, QStringLiteral("Icon")),
             QStringList{QStringLiteral("scope-viewer")});
    QCOMPARE(desktopList(path, QStringLiteral("Exec")).value(0).section(u' ', 0, 0),
             QStringLiteral("scope-viewer"));
}

void tst_Installation::metainfoIsValid() {
    const QString validator = QStandardPaths::findExecutable(QStringLiteral("appstreamcli"));
    if (validator.isEmpty())
        QSKIP("appstreamcli is not installed (Debian: appstream)");
    const Run check = run(validator, {QStringLiteral("validate"), QStringLiteral("--no-net"),
                                      QDir(prefix_.path()).filePath(kMetainfoFile)});
    QVERIFY2(check.exitCode == 0, qPrintable(check.output));
}

void tst_Installation::desktopFileClaimsHdf5Files_data() {
    QTest::addColumn<QString>("fileName");
    QTest::newRow("h5") << QStringLiteral("profiling_data.h5");
    QTest::newRow("hdf5") << QStringLiteral("profiling_data.hdf5");
    QTest::newRow("json") << QStringLiteral("profile.json");
}

void tst_Installation::desktopFileClaimsHdf5Files() {
    QFETCH(QString, fileName);
    // Qt reads the system's shared-mime-info: the type a file manager gives the file.
    const QMimeDatabase mimes;
    const QMimeType type = mimes.mimeTypeForFile(fileName, QMimeDatabase::MatchExtension);
    if (type.isDefault())
        QSKIP("the MIME database knows no type for HDF5 files (install shared-mime-info)");
    const QStringList claimed =
        desktopList(QDir(prefix_.path()).filePath(kDesktopFile), QStringLiteral("MimeType"));
    bool found = false;
    for (const QString& name : claimed)
        found = found || mimes.mimeTypeForName(name) == type;
    QVERIFY2(found, qPrintable(QStringLiteral("%1 is %2, not among MimeType=%3")
                                   .arg(fileName, type.name(), claimed.join(u';'))));
}

QTEST_GUILESS_MAIN(tst_Installation)
#include "tst_Installation.moc"
