// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartContextMenu.h"
#include "common/RunData.h"

#include <QSize>
#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class ChartSurface;
class QTextStream;

// `scope-viewer --export-dir`: reads the files as the window does (through
// LoadController), renders the charts without showing anything and writes
// them with region_statistics.json to a directory, for batch jobs and CI.
// One file gives the regions chart and every page's chart (AnalysisPages);
// with several, each run gets its own, named after
// its label ("regions-run_np3.png"), and the comparison and speedup charts
// and what changed (what_changed.png and .md) are added.
class HeadlessExport {
public:
    enum class Failure { NotFound, Unreadable, SummaryUnavailable };

    struct Options {
        QString directory;
        QStringList files;
        bool summaryOnly = false;
        ChartContextMenu::Action format = ChartContextMenu::ExportPng;
        QSize size{1600, 900};
        std::uint64_t memoryBudget = 0; // --memory-budget; 0 = the preference's
        bool combineRanks = false;      // --combine-ranks: the files are one run
        // The runs' kept indexes, as the window uses them (--no-index,
        // --index-beside): a run read on demand opens from its index.
        bool useIndex = true;
        bool indexBeside = false;
    };

    struct Outcome {
        std::vector<Failure> failures; // one per file that could not be read, in file order
        bool outputFailed = false;     // the directory or a file could not be written
        QStringList written;           // paths, in the order written
    };

    // Written files are listed on `out`, problems on `err`. Needs a QApplication.
    static Outcome run(const Options& options, QTextStream& out, QTextStream& err);

    // The extension of `format` ("png", "svg", "pdf"); parses it back (false if unknown).
    static bool parseFormat(const QString& text, ChartContextMenu::Action* format);

private:
    class Writer;

    // The name each run goes by in chart titles and file names: the one
    // place that chooses it.
    static QStringList runLabels(const std::vector<std::shared_ptr<const RunData>>& runs);
    // The charts of one run; `suffix` ends their file names
    // ("regions-run_np3.png").
    static void exportRun(Writer& writer, const std::shared_ptr<const RunData>& run,
                          const QString& label, const QString& suffix);
    // what_changed.png (or .svg, .pdf) and what_changed.md of two or more runs.
    static void exportWhatChanged(Writer& writer,
                                  const std::vector<std::shared_ptr<const RunData>>& runs,
                                  const QStringList& labels);
    static QString skipReason(const RunData& run, ChartSurface& surface, int region);
    static std::vector<std::shared_ptr<const RunData>>
    load(const Options& options, std::vector<Failure>& failures, QTextStream& err);
};
