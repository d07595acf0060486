// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

class QFileSystemWatcher;
class QTimer;

// Notices when the file of an open run changes on disk: a run that finished
// merging after the user opened it, or a file that was deleted. Writers and
// editors replace files by renaming a new one over them, which ends an inotify
// watch on the old file; so the parent directory is watched too and the file's
// watch is renewed after every change. Events come in bursts while a file is
// written: the file is looked at once they have been quiet for a moment, and
// only a different size or modification time counts as a change.
class RunFileWatcher : public QObject {
    Q_OBJECT
public:
    enum class State {
        Unchanged, // as it was when watch() was called (or none watched)
        Changed,   // rewritten since: a reload would show other data
        Deleted    // gone; the data read before is all there is
    };
    Q_ENUM(State)

    explicit RunFileWatcher(QObject* parent = nullptr);

    // Starts over with `path` as it is on disk now; "" stops watching.
    void watch(const QString& path);
    // A run combined from several files (one per rank): a change of any of
    // them counts, so is the deletion of any; `name` is what path() says.
    void watchFiles(const QStringList& files, const QString& name);
    QString path() const { return path_; }
    QStringList files() const;
    State state() const { return state_; }
    // Quiet time after the last event before the file is looked at.
    void setDebounceMs(int ms);

signals:
    void stateChanged(RunFileWatcher::State state);

private:
    void check();
    void watchPaths();

    QFileSystemWatcher* watcher_;
    QTimer* debounce_;
    struct Watched {
        QString path;
        qint64 size = -1;
        QDateTime modified;
    };

    QString path_;
    std::vector<Watched> files_;
    State state_ = State::Unchanged;
};
