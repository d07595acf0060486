// SPDX-License-Identifier: GPL-3.0-or-later
#include "RankFileRuns.h"

#include "common/RunPath.h"
#include "native/RankFileNames.h"

#include <QDir>
#include <QFileInfo>

#include <string>
#include <vector>

namespace {

std::vector<std::string> toStd(const QStringList& paths) {
    std::vector<std::string> out;
    out.reserve(static_cast<std::size_t>(paths.size()));
    for (const QString& path : paths)
        out.push_back(path.toStdString());
    return out;
}

QStringList toQt(const std::vector<std::string>& paths) {
    QStringList out;
    for (const std::string& path : paths)
        out << QString::fromStdString(path);
    return out;
}

QStringList absolute(const QStringList& paths) {
    QStringList out;
    for (const QString& path : paths)
        out << QFileInfo(path).absoluteFilePath();
    return out;
}

} // namespace

QString RankFileRuns::nameFor(const QStringList& files) const {
    const std::vector<std::string> paths = toStd(files);
    const std::vector<scope::RankFileGroup> groups = scope::groupRankFiles(paths);
    // Files of one prefix are named by it; any other set by what the names share.
    const bool onePrefix = groups.size() == 1 && groups.front().paths.size() == paths.size();
    const QString label =
        QString::fromStdString(onePrefix ? groups.front().label() : scope::commonRunLabel(paths));
    const QString dir = QFileInfo(files.front()).absolutePath();
    QString name = dir + QLatin1Char('/') + tr("%1 (%2 ranks)").arg(label).arg(files.size());
    // The same prefix as .spt and as .h5, both open: the extension tells them apart.
    if (runs_.contains(name) && runs_.value(name) != files)
        name = dir + QLatin1Char('/') +
               tr("%1 (%2 ranks, %3)")
                   .arg(label)
                   .arg(files.size())
                   .arg(QFileInfo(files.front()).suffix());
    for (int n = 2; runs_.contains(name) && runs_.value(name) != files; ++n)
        name = dir + QLatin1Char('/') + tr("%1 (%2 ranks) #%3").arg(label).arg(files.size()).arg(n);
    return name;
}

QString RankFileRuns::add(const QStringList& files) {
    QStringList ordered = absolute(files);
    // Rank order, as the combiner numbers them, when the names tell the ranks.
    const std::vector<scope::RankFileGroup> groups = scope::groupRankFiles(toStd(ordered));
    if (groups.size() == 1 &&
        groups.front().paths.size() == static_cast<std::size_t>(ordered.size()))
        ordered = toQt(groups.front().paths);
    const QString name = nameFor(ordered);
    runs_.insert(name, ordered);
    return name;
}

bool RankFileRuns::contains(const QString& name) const {
    return runs_.contains(QFileInfo(name).absoluteFilePath());
}

QStringList RankFileRuns::files(const QString& name) const {
    return runs_.value(QFileInfo(name).absoluteFilePath());
}

void RankFileRuns::remove(const QString& name) {
    runs_.remove(QFileInfo(name).absoluteFilePath());
}

QStringList RankFileRuns::filesInFolder(const QString& folder) {
    const QDir dir(folder);
    const QDir::Filters filters = QDir::Files | QDir::Readable;
    QStringList found;
    for (const QFileInfo& info : dir.entryInfoList(
             {QStringLiteral("*.spt"), QStringLiteral("*_rank[0-9]*.h5")}, filters, QDir::Name))
        found << info.absoluteFilePath();
    if (found.isEmpty())
        for (const QFileInfo& info : dir.entryInfoList(
                 {QStringLiteral("*.h5"), QStringLiteral("*.hdf5")}, filters, QDir::Name))
            found << info.absoluteFilePath();
    return found;
}

QStringList RankFileRuns::plan(const QStringList& paths) {
    QStringList files;
    for (const QString& path : paths) {
        const QStringList inFolder = QFileInfo(path).isDir() ? filesInFolder(path) : QStringList();
        // A folder without profiles stays: its load fails with a line in the banner.
        files << (inFolder.isEmpty() ? QStringList{RunPath::absolute(path)} : inFolder);
    }
    files.removeDuplicates();
    // Runs on another host are read there one by one, never combined here.
    QStringList local;
    for (const QString& file : files)
        if (!RunPath::isRemote(file))
            local << file;
    QHash<QString, QString> runOf; // member file -> its run's name
    for (const scope::RankFileGroup& group : scope::groupRankFiles(toStd(local))) {
        if (group.paths.size() < 2)
            continue;
        const QStringList members = toQt(group.paths);
        const QString name = add(members);
        for (const QString& member : members)
            runOf.insert(member, name);
    }
    QStringList runs;
    for (const QString& file : files) {
        const QString run = runOf.value(file, file);
        if (!runs.contains(run))
            runs << run;
    }
    return runs;
}
