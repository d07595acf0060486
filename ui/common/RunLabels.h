// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

// The one name of each open run, used by its tab, the run list, chart titles
// and legends, the window title and the exports: the file name, or with two
// runs of the same file name the shortest parent folders that tell them apart
// ("runA/profiling_data"), unless the user renamed the run; a run on
// another host is "run.h5 — host". Keyed by RunPath::absolute.
class RunLabels : public QObject {
    Q_OBJECT
public:
    explicit RunLabels(QObject* parent = nullptr);

    void add(const QString& path);
    void remove(const QString& path);
    // An empty label gives the run its default name back.
    void rename(const QString& path, const QString& label);

    QString label(const QString& path) const;
    bool isRenamed(const QString& path) const;
    QStringList paths() const { return paths_; }

signals:
    void changed();

private:
    void recompute();

    QStringList paths_; // absolute, in the order the runs arrived
    QHash<QString, QString> defaults_;
    QHash<QString, QString> renamed_;
};
