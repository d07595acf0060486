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
    debounce_->stop();
    if (!watcher_->files().isEmpty())
        watcher_->removePaths(watcher_->files());
    if (!watcher_->directories().isEmpty())
        watcher_->removePaths(watcher_->directories());
    path_ = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    const QFileInfo info(path_);
    size_ = info.exists() ? info.size() : -1;
    modified_ = info.exists() ? info.lastModified() : QDateTime();
    const State previous = state_;
    state_ = State::Unchanged;
    if (!path_.isEmpty())
        watchPaths();
    if (previous != state_)
        emit stateChanged(state_);
}

void RunFileWatcher::watchPaths() {
    const QFileInfo info(path_);
    if (!watcher_->directories().contains(info.absolutePath()))
        watcher_->addPath(info.absolutePath());
    if (info.exists() && !watcher_->files().contains(path_))
        watcher_->addPath(path_);
}

void RunFileWatcher::check() {
    if (path_.isEmpty())
        return;
    const QFileInfo info(path_); // a fresh QFileInfo: no cached stat
    watchPaths();
    State now = State::Deleted;
    if (info.exists())
        now = info.size() == size_ && info.lastModified() == modified_ ? State::Unchanged
                                                                       : State::Changed;
    if (now != state_) {
        state_ = now;
        emit stateChanged(state_);
    }
}
