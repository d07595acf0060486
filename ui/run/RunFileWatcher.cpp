// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunFileWatcher.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

RunFileWatcher::RunFileWatcher(QObject* parent)
    : QObject(parent), watcher_(new QFileSystemWatcher(this)), debounce_(new QTimer(this)) {
    debounce_->setSingleShot(true);
    debounce_->setInterval(500);
    connect(debounce_, &QTimer::timeout, this, &RunFileWatcher::check);
    // A restart on every event: look once the writer has been quiet.
    auto schedule = [this] { debounce_->start(); };
    connect(watcher_, &QFileSystemWatcher::fileChanged, this, schedule);
    connect(watcher_, &QFileSystemWatcher::directoryChanged, this, schedule);
}

void RunFileWatcher::setDebounceMs(int ms) {
    debounce_->setInterval(ms);
}

void RunFileWatcher::watch(const QString& path) {
    watchFiles(path.isEmpty() ? QStringList() : QStringList{path}, path);
}

void RunFileWatcher::watchFiles(const QStringList& files, const QString& name) {
    debounce_->stop();
    if (!watcher_->files().isEmpty())
        watcher_->removePaths(watcher_->files());
    if (!watcher_->directories().isEmpty())
        watcher_->removePaths(watcher_->directories());
    path_ = name.isEmpty() ? QString() : QFileInfo(name).absoluteFilePath();
    files_.clear();
    for (const QString& file : files) {
        const QFileInfo info(file);
        files_.push_back({info.absoluteFilePath(), info.exists() ? info.size() : -1,
                          info.exists() ? info.lastModified() : QDateTime()});
    }
    const State previous = state_;
    state_ = State::Unchanged;
    watchPaths();
    if (previous != state_)
        emit stateChanged(state_);
}

QStringList RunFileWatcher::files() const {
    QStringList out;
    for (const Watched& file : files_)
        out << file.path;
    return out;
}

void RunFileWatcher::watchPaths() {
    const QStringList files = watcher_->files();
    const QStringList directories = watcher_->directories();
    for (const Watched& file : files_) {
        const QFileInfo info(file.path);
        if (!directories.contains(info.absolutePath()) &&
            !watcher_->directories().contains(info.absolutePath()))
            watcher_->addPath(info.absolutePath());
        if (info.exists() && !files.contains(file.path))
            watcher_->addPath(file.path);
    }
}

void RunFileWatcher::check() {
    if (files_.empty())
        return;
    watchPaths();
    // Any member gone means the set can no longer be read as it was.
    State now = State::Unchanged;
    for (const Watched& file : files_) {
        const QFileInfo info(file.path); // a fresh QFileInfo: no cached stat
        if (!info.exists()) {
            now = State::Deleted;
            break;
        }
        if (info.size() != file.size || info.lastModified() != file.modified)
            now = State::Changed;
    }
    if (now != state_) {
        state_ = now;
        emit stateChanged(state_);
    }
}
