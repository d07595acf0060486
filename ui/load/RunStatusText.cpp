// SPDX-License-Identifier: GPL-3.0-or-later
#include "RunStatusText.h"

#include "common/MemoryBudgetSetting.h"
#include "common/RunData.h"
#include "common/RunPath.h"

#include <QDir>
#include <QFileInfo>
#include <QLocale>

QString RunStatusText::describe(const RunData& run, bool awaitingTimeline) {
    const scope::ProfilingResults& r = *run.results;
    auto count = [](std::uint64_t n, const QString& one, const QString& many) {
        return QLocale().toString(static_cast<qulonglong>(n)) + ' ' + (n == 1 ? one : many);
    };
    const QString counts = tr("%1 · %2 · %3 · %4")
                               .arg(fileKind(run))
                               .arg(count(r.numRanks, tr("rank"), tr("ranks")),
                                    count(r.regions.size(), tr("region"), tr("regions")),
                                    count(r.totalCalls(), tr("call"), tr("calls")));
    // Table first: the load goes on, and the progress beside this line says
    // what it is doing (said here too, neither fitted a 1280-pixel window).
    if (awaitingTimeline)
        return tr("%1 · table in %2 s").arg(counts).arg(run.loadSeconds, 0, 'f', 2);
    QString events;
    if (run.isRemote())
        events = run.summaryOnlyRequested
                     ? tr("summary only, opened over SSH from %1").arg(RunPath::host(run.path))
                     : tr("opened over SSH: its calls stay on %1").arg(RunPath::host(run.path));
    else if (r.summaryFallback)
        events = tr("events read (file has no summary columns)");
    else if (r.eventsRead)
        events = tr("events read");
    else if (run.readOnDemand())
        events = run.memoryBudget != 0
                     ? tr("read on demand: its calls exceed the memory budget (%1)")
                           .arg(MemoryBudgetSetting::format(run.memoryBudget))
                     : tr("read on demand: its calls exceed the memory budget");
    else if (r.layout == scope::StorageLayout::Aggregate)
        events = tr("aggregate file: no per-call data");
    else if (run.callsUnread == RunData::CallsUnread::Cancelled)
        events = tr("its calls not read (cancelled)");
    else if (run.callsUnread == RunData::CallsUnread::Failed)
        events = tr("its calls not read (the read failed)");
    else
        events = tr("summary only");
    const QString line =
        tr("%1 · loaded in %2 s · %3").arg(counts).arg(run.loadSeconds, 0, 'f', 2).arg(events);
    // "opened from its index", "index kept in …": why this load took the time it did.
    return run.indexNote.isEmpty() ? line : line + QStringLiteral(" · ") + shortIndexNote(run);
}

QString RunStatusText::shortIndexNote(const RunData& run) {
    // A kept index's file is named after a hash: its folder is what a user
    // looks for, and the full path would push the line off a 1280-pixel
    // window (the status bar's tooltip has it).
    const QString kept = QStringLiteral("index kept at ");
    if (!run.indexNote.startsWith(kept))
        return run.indexNote;
    QString folder = QFileInfo(run.indexNote.mid(kept.size())).path();
    const QString home = QDir::homePath();
    if (folder == home || folder.startsWith(home + QLatin1Char('/')))
        folder = QLatin1Char('~') + folder.mid(home.size());
    return tr("index kept in %1").arg(QDir::toNativeSeparators(folder));
}

QString RunStatusText::fileKind(const RunData& run) {
    const auto suffixOf = [](const QString& path) {
        const QString name = QFileInfo(path).fileName().toLower();
        return name.endsWith(QStringLiteral(".json.gz")) ? QStringLiteral("json.gz")
                                                         : QFileInfo(name).suffix();
    };
    if (run.isCombined())
        return tr("%1 rank files (.%2)")
            .arg(run.rankFiles.size())
            .arg(suffixOf(run.rankFiles.front()));
    const QString suffix = suffixOf(run.path);
    const scope::ProfilingResults& r = *run.results;
    // The schema number means nothing for these: they are no Python files.
    if (suffix == QStringLiteral("spt")) {
        const auto version = r.metadata.integer("trace_format_version");
        return version ? tr("native trace (.spt v%1)").arg(*version) : tr("native trace (.spt)");
    }
    if (suffix.startsWith(QStringLiteral("json")))
        return tr("JSON profile (.%1)").arg(suffix);
    if (r.metadata.text("source") == "native")
        return tr("C API rank file (HDF5 schema %1)").arg(r.schemaVersion);
    return tr("HDF5 schema %1").arg(r.schemaVersion);
}

QString RunStatusText::onDemandReason(const RunData& run) {
    if (!run.readOnDemand())
        return {};
    return run.memoryBudget != 0
               ? tr("Needs every call in memory; this run's calls exceed the memory budget (%1). "
                    "Raise it in Edit \u25b8 Preferences and reload.")
                     .arg(MemoryBudgetSetting::format(run.memoryBudget))
               : tr("Needs every call in memory; this run's calls exceed the memory budget. "
                    "Raise it in Edit \u25b8 Preferences and reload.");
}
