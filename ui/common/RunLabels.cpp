// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunLabels.h"

#include "RunPath.h"
#include "export/DistinctLabels.h"

#include <QFileInfo>

#include <string>
#include <vector>

namespace {

QString absolute(const QString& path) {
    return RunPath::absolute(path);
}

// A run on another host by its file name and the host: "run.h5 — cluster".
QString remoteLabel(const QString& url) {
    return QStringLiteral("%1 \u2014 %2").arg(RunPath::fileName(url), RunPath::host(url));
}

} // namespace

RunLabels::RunLabels(QObject* parent) : QObject(parent) {}

void RunLabels::add(const QString& path) {
    const QString key = absolute(path);
    if (paths_.contains(key))
        return;
    paths_ << key;
    recompute();
}

void RunLabels::remove(const QString& path) {
    const QString key = absolute(path);
    if (!paths_.removeOne(key))
        return;
    renamed_.remove(key);
    recompute();
}

void RunLabels::rename(const QString& path, const QString& label) {
    const QString key = absolute(path);
    const QString trimmed = label.trimmed();
    const QString before = this->label(key);
    if (trimmed.isEmpty() || trimmed == defaults_.value(key))
        renamed_.remove(key);
    else
        renamed_.insert(key, trimmed);
    if (this->label(key) != before)
        emit changed();
}

QString RunLabels::label(const QString& path) const {
    const QString key = absolute(path);
    if (const auto it = renamed_.constFind(key); it != renamed_.constEnd())
        return *it;
    if (const auto it = defaults_.constFind(key); it != defaults_.constEnd())
        return *it;
    return RunPath::isRemote(path) ? remoteLabel(path) : QFileInfo(path).completeBaseName();
}

bool RunLabels::isRenamed(const QString& path) const {
    return renamed_.contains(absolute(path));
}

void RunLabels::recompute() {
    QStringList local;
    QHash<QString, int> remoteNames;
    for (const QString& path : paths_) {
        if (RunPath::isRemote(path))
            ++remoteNames[remoteLabel(path)];
        else
            local << path;
    }
    std::vector<std::string> paths;
    for (const QString& path : local)
        paths.push_back(path.toStdString());
    const std::vector<std::string> labels = scope::DistinctLabels::fromPaths(paths);
    defaults_.clear();
    for (qsizetype i = 0; i < local.size(); ++i)
        defaults_.insert(local[i], QString::fromStdString(labels[static_cast<std::size_t>(i)]));
    // Two runs of one name on one host: the whole URL tells them apart.
    for (const QString& path : paths_)
        if (RunPath::isRemote(path))
            defaults_.insert(path,
                             remoteNames.value(remoteLabel(path)) > 1 ? path : remoteLabel(path));
    emit changed();
}
