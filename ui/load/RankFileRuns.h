// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>

// The runs a window opened from per-rank files (`<prefix>_rank<N>.spt` or
// `.h5`, one file per process of the C or Fortran API). Such a run has no
// file of its own, so it is known by a name that looks like a path,
// `<dir>/<prefix> (N ranks)`: unique among the open runs, it keys the tab, the
// banner, the run labels and the comparison like a file's path does, and its
// last part is the label the user sees. Reload and "Open separately" find the
// files again through that name.
class RankFileRuns {
    Q_DECLARE_TR_FUNCTIONS(RankFileRuns)
public:
    // Registers `files` as one run and returns its name.
    QString add(const QStringList& files);
    bool contains(const QString& name) const;
    QStringList files(const QString& name) const;
    void remove(const QString& name);

    // What a drop or a list of files opens, in order: folders replaced by the
    // rank files in them (else their profiles; a folder without either stays,
    // for its error), files of one prefix (two or more) registered as one run
    // and named by it, the other files as given.
    QStringList plan(const QStringList& paths);

    // The files a folder contributes: its rank files (*.spt, *_rank<N>.h5),
    // else its .h5/.hdf5 profiles; not recursive.
    static QStringList filesInFolder(const QString& folder);

private:
    QString nameFor(const QStringList& files) const;

    QHash<QString, QStringList> runs_; // name -> absolute file paths, rank order
};
