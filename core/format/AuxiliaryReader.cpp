// SPDX-License-Identifier: GPL-3.0-or-later
#include "AuxiliaryReader.h"

#include "RankGroups.h"

#include "h5/AttributeReader.h"
#include "h5/DatasetReader.h"
#include "model/Errors.h"

#include <algorithm>
#include <functional>

namespace scope {

void AuxiliaryReader::read(ProfilingResults& results, bool likwid, bool lineProfile,
                           bool perfEvents) {
    readLaneTables(results);
    const auto ranks = listRankGroups(file_);
    for (const auto& [rank, group] : ranks) {
        try {
            if (likwid && file_.isGroup(file_.root(), group + "/likwid"))
                readLikwid(rank, group + "/likwid", results);
            if (lineProfile && file_.isGroup(file_.root(), group + "/line_profile"))
                readLineProfiles(rank, group + "/line_profile", results);
            if (perfEvents && file_.isGroup(file_.root(), group + "/perf_events"))
                readPerfEvents(rank, group + "/perf_events", results);
        } catch (const MissingFilterError&) {
            throw;
        } catch (const ReadCancelled&) {
            throw;
        } catch (const ProfileError& e) {
            results.warnings.push_back(std::string("auxiliary data skipped: ") + e.what());
        }
    }
}

void AuxiliaryReader::readLikwid(std::uint32_t rank, const std::string& path,
                                 ProfilingResults& results) {
    const std::string step = "reading LIKWID data of rank " + std::to_string(rank);
    h5::Group group = file_.openGroup(file_.root(), path, step);
    results.likwidRanks.push_back({rank, {h5::AttributeReader(file_, group.get(), step).all()}});
    if (!file_.isGroup(file_.root(), path + "/regions"))
        return;
    h5::Group regions = file_.openGroup(file_.root(), path + "/regions", step);
    for (const std::string& name : file_.children(regions.get(), step)) {
        const std::string regionPath = path + "/regions/" + name;
        h5::Group regionGroup = file_.openGroup(file_.root(), regionPath, step);
        h5::AttributeReader attributes(file_, regionGroup.get(), step);
        LikwidRegion region;
        region.rank = rank;
        // The group name has "/" written as "|"; the attribute holds the real tag.
        region.tag = attributes.text("tag").value_or(name);
        region.groupId = attributes.integer("group_id").value_or(-1);
        region.groupName = attributes.text("group_name").value_or("");
        region.source = attributes.text("source").value_or("");
        region.eventNames = attributes.texts("event_names");
        region.counterNames = attributes.texts("counter_names");
        region.metricNames = attributes.texts("metric_names");
        auto read = [&](const char* dataset) {
            return file_.exists(file_.root(), regionPath + "/" + dataset);
        };
        if (read("cpus"))
            region.cpus =
                h5::DatasetReader(file_, file_.root(), regionPath + "/cpus", step).readInt64();
        if (read("times"))
            region.times =
                h5::DatasetReader(file_, file_.root(), regionPath + "/times", step).readDouble();
        if (read("call_counts"))
            region.callCounts =
                h5::DatasetReader(file_, file_.root(), regionPath + "/call_counts", step)
                    .readInt64();
        if (read("events"))
            region.events =
                h5::DatasetReader(file_, file_.root(), regionPath + "/events", step).readDouble();
        if (read("metrics"))
            region.metrics =
                h5::DatasetReader(file_, file_.root(), regionPath + "/metrics", step).readDouble();
        results.likwid.push_back(std::move(region));
    }
}

void AuxiliaryReader::readLineProfiles(std::uint32_t rank, const std::string& path,
                                       ProfilingResults& results) {
    const std::string step = "reading the line profiles of rank " + std::to_string(rank);
    h5::Group group = file_.openGroup(file_.root(), path, step);
    std::vector<std::string> names = file_.children(group.get(), step);
    // "0", "1", ... "10": numeric order, as written.
    std::stable_sort(names.begin(), names.end(), [](const std::string& a, const std::string& b) {
        return a.size() != b.size() ? a.size() < b.size() : a < b;
    });
    for (const std::string& name : names) {
        const std::string entryPath = path + "/" + name;
        h5::Group entry = file_.openGroup(file_.root(), entryPath, step);
        h5::AttributeReader attributes(file_, entry.get(), step);
        LineProfile profile;
        profile.rank = rank;
        profile.region = attributes.text("region").value_or("");
        profile.filename = attributes.text("filename").value_or("");
        profile.function = attributes.text("function").value_or("");
        profile.firstLine = attributes.integer("first_lineno").value_or(0);
        profile.unit = attributes.number("unit").value_or(1e-9);
        profile.source = attributes.text("source").value_or("");
        profile.sourceFirstLine =
            attributes.integer("source_first_lineno").value_or(profile.firstLine);
        profile.lineNumbers =
            h5::DatasetReader(file_, file_.root(), entryPath + "/line_numbers", step).readInt64();
        profile.hits =
            h5::DatasetReader(file_, file_.root(), entryPath + "/hits", step).readInt64();
        profile.times =
            h5::DatasetReader(file_, file_.root(), entryPath + "/times", step).readDouble();
        if (profile.hits.size() != profile.lineNumbers.size() ||
            profile.times.size() != profile.lineNumbers.size())
            file_.corrupt(step, "line profile " + name + " has columns of different lengths");
        results.lineProfiles.push_back(std::move(profile));
    }
}

void AuxiliaryReader::readPerfEvents(std::uint32_t rank, const std::string& path,
                                     ProfilingResults& results) {
    const std::string step = "reading the perf events of rank " + std::to_string(rank);
    h5::Group group = file_.openGroup(file_.root(), path, step);
    for (const std::string& name : file_.children(group.get(), step)) {
        const std::string regionPath = path + "/" + name;
        h5::Group regionGroup = file_.openGroup(file_.root(), regionPath, step);
        h5::AttributeReader attributes(file_, regionGroup.get(), step);
        PerfEventSet set;
        set.rank = rank;
        set.region = name;
        set.calls = attributes.integer("calls").value_or(0);
        set.eventNames = attributes.texts("event_names");
        if (file_.exists(file_.root(), regionPath + "/values"))
            set.values =
                h5::DatasetReader(file_, file_.root(), regionPath + "/values", step).readUInt64();
        results.perfEvents.push_back(std::move(set));
    }
}

namespace {

// The 1-D datasets of one lane table: all of one length, each read when
// present (a writer may add datasets; unknown ones are never opened).
class TableColumns {
public:
    TableColumns(const h5::H5File& file, std::string group, std::string step)
        : file_(file), group_(std::move(group)), step_(std::move(step)) {
        // A group without ranks has no rows that could be selected.
        if (file_.exists(file_.root(), group_ + "/ranks"))
            ranks_ = reader("ranks").readUInt64();
    }

    std::size_t size() const { return ranks_.size(); }
    std::uint32_t rank(std::size_t i) const { return static_cast<std::uint32_t>(ranks_[i]); }

    std::vector<std::int64_t> ints(const char* name) const {
        if (!file_.exists(file_.root(), group_ + "/" + name))
            return {};
        return checked(reader(name).readInt64(), name);
    }
    std::vector<std::string> strings(const char* name) const {
        if (!file_.exists(file_.root(), group_ + "/" + name))
            return {};
        return checked(reader(name).readStrings(), name);
    }

private:
    h5::DatasetReader reader(const char* name) const {
        return h5::DatasetReader(file_, file_.root(), group_ + "/" + name, step_);
    }
    template <typename T> std::vector<T> checked(std::vector<T> values, const char* name) const {
        if (values.size() != ranks_.size())
            file_.corrupt(step_,
                          group_ + "/" + name + " does not match " + group_ + "/ranks in length");
        return values;
    }

    const h5::H5File& file_;
    std::string group_;
    std::string step_;
    std::vector<std::uint64_t> ranks_;
};

template <typename T> T valueAt(const std::vector<T>& column, std::size_t i, T missing) {
    return column.empty() ? missing : column[i];
}

} // namespace

void AuxiliaryReader::readLaneTables(ProfilingResults& results) {
    const std::pair<const char*, void (AuxiliaryReader::*)(ProfilingResults&)> tables[] = {
        {"thread_table", &AuxiliaryReader::readThreads},
        {"task_table", &AuxiliaryReader::readTasks}};
    for (const auto& [name, read] : tables) {
        if (!file_.isGroup(file_.root(), name))
            continue;
        try {
            std::invoke(read, this, results);
        } catch (const MissingFilterError&) {
            throw;
        } catch (const ReadCancelled&) {
            throw;
        } catch (const ProfileError& e) {
            results.warnings.push_back(std::string("lane table skipped: ") + e.what());
        }
    }
}

void AuxiliaryReader::readThreads(ProfilingResults& results) {
    const TableColumns table(file_, "thread_table", "reading the thread table");
    if (table.size() == 0)
        return;
    const auto index = table.ints("index");
    const auto ident = table.ints("ident");
    const auto nativeId = table.ints("native_id");
    const auto daemon = table.ints("daemon");
    const auto startNs = table.ints("start_ns");
    const auto endNs = table.ints("end_ns");
    const auto cpuNs = table.ints("cpu_ns");
    const auto name = table.strings("name");
    std::vector<ThreadInfo> threads(table.size());
    for (std::size_t i = 0; i < threads.size(); ++i) {
        ThreadInfo& t = threads[i];
        t.rank = table.rank(i);
        t.index = valueAt<std::int64_t>(index, i, static_cast<std::int64_t>(i));
        t.ident = valueAt<std::int64_t>(ident, i, 0);
        t.nativeId = valueAt<std::int64_t>(nativeId, i, 0);
        t.daemon = valueAt<std::int64_t>(daemon, i, 0) != 0;
        t.startNs = valueAt<std::int64_t>(startNs, i, 0);
        t.endNs = valueAt<std::int64_t>(endNs, i, -1);
        t.cpuNs = valueAt<std::int64_t>(cpuNs, i, 0);
        t.name = valueAt<std::string>(name, i, "");
    }
    // Rows are appended rank by rank; selected by rank and index, never by position.
    std::stable_sort(threads.begin(), threads.end(), [](const ThreadInfo& a, const ThreadInfo& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.index < b.index;
    });
    results.threads = std::move(threads);
}

void AuxiliaryReader::readTasks(ProfilingResults& results) {
    const TableColumns table(file_, "task_table", "reading the task table");
    if (table.size() == 0)
        return;
    const auto index = table.ints("index");
    const auto threadIndex = table.ints("thread_index");
    const auto createdNs = table.ints("created_ns");
    const auto doneNs = table.ints("done_ns");
    const auto steps = table.ints("steps");
    const auto runningNs = table.ints("running_ns");
    const auto suspendedNs = table.ints("suspended_ns");
    const auto kind = table.strings("kind");
    const auto name = table.strings("name");
    const auto coroName = table.strings("coro_name");
    std::vector<TaskInfo> tasks(table.size());
    for (std::size_t i = 0; i < tasks.size(); ++i) {
        TaskInfo& t = tasks[i];
        t.rank = table.rank(i);
        t.index = valueAt<std::int64_t>(index, i, static_cast<std::int64_t>(i));
        t.threadIndex = valueAt<std::int64_t>(threadIndex, i, -1);
        t.createdNs = valueAt<std::int64_t>(createdNs, i, 0);
        t.doneNs = valueAt<std::int64_t>(doneNs, i, -1);
        t.steps = valueAt<std::int64_t>(steps, i, 0);
        t.runningNs = valueAt<std::int64_t>(runningNs, i, 0);
        t.suspendedNs = valueAt<std::int64_t>(suspendedNs, i, 0);
        t.kind = valueAt<std::string>(kind, i, "");
        t.name = valueAt<std::string>(name, i, "");
        t.coroName = valueAt<std::string>(coroName, i, "");
    }
    std::stable_sort(tasks.begin(), tasks.end(), [](const TaskInfo& a, const TaskInfo& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.index < b.index;
    });
    results.tasks = std::move(tasks);
}

} // namespace scope
