#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""The h5py + NumPy baseline of scope-bench.

Reads every event dataset of a scope-profiler file (schema 1: a group per
rank and region; schemas 2/3: the shared /events columns, absolute or delta
encoded) and computes, per (rank, region), count, total, average, min, max
and the population standard deviation of end - start, as scope-viewer does.

    h5py_stats.py FILE            prints "seconds events peak_MiB" (for scope-bench)
    h5py_stats.py FILE --print    also prints the statistics

Time runs from opening the file to the last statistic, after the imports:
what a script spends on the file, not on starting Python.
"""
import sys
import time

import h5py
import numpy as np


def peak_mib():
    # VmHWM, as scope-bench reads it for its own children.
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    return 0.0


def row_stats(durations):
    n = durations.size
    mean = durations.mean()
    return (n, int(durations.sum()), float(mean), int(durations.min()), int(durations.max()),
            float(np.sqrt(np.mean((durations - mean) ** 2))))


def schema1(f):
    stats = {}
    for rank_name in f:
        if not (rank_name.startswith("rank") and rank_name[4:].isdigit()):
            continue
        regions = f[rank_name].get("regions")
        if regions is None:
            continue
        for region, group in regions.items():
            starts = group["start_times"][...]
            ends = group["end_times"][...]
            if starts.size:
                stats[(int(rank_name[4:]), region)] = row_stats(ends - starts)
    return stats


def columnar(f):
    index = f["rank_region_index"]
    names = [n.decode() if isinstance(n, bytes) else n for n in f["region_table/names"][...]]
    ranks = index["ranks"][...]
    regions = index["region_ids"][...]
    offsets = index["event_offsets"][...].astype(np.int64)
    counts = index["event_counts"][...].astype(np.int64)
    events = f["events"]
    if "start_deltas" in events:
        # Decoded in place (temporaries of 150 MB cost more than the sums):
        # per row the deltas are a running sum restarting at the row's offset.
        starts = np.cumsum(events["start_deltas"][...], out=None)
        durations = events["durations"][...]
        before = np.where(offsets > 0, starts[np.maximum(offsets - 1, 0)], 0)
        for o, c, b in zip(offsets, counts, before):
            starts[o:o + c] -= b
    else:
        starts = events["start_times"][...]
        durations = events["end_times"][...]
        np.subtract(durations, starts, out=durations)
    keep = counts > 0
    order = np.argsort(offsets[keep], kind="stable")
    offs = offsets[keep][order]
    cnts = counts[keep][order]
    # One vectorised pass per statistic over every row at once.
    totals = np.add.reduceat(durations, offs)
    minima = np.minimum.reduceat(durations, offs)
    maxima = np.maximum.reduceat(durations, offs)
    means = totals / cnts
    deviation = np.repeat(means, cnts)
    np.subtract(durations, deviation, out=deviation)
    np.multiply(deviation, deviation, out=deviation)
    m2 = np.add.reduceat(deviation, offs)
    earliest = np.minimum.reduceat(starts, offs)  # for the region order, as the viewer
    del earliest
    stats = {}
    rks = ranks[keep][order]
    rgs = regions[keep][order]
    for i in range(offs.size):
        stats[(int(rks[i]), names[rgs[i]])] = (int(cnts[i]), int(totals[i]), float(means[i]),
                                               int(minima[i]), int(maxima[i]),
                                               float(np.sqrt(m2[i] / cnts[i])))
    return stats


def main():
    path = sys.argv[1]
    begin = time.perf_counter()
    with h5py.File(path, "r") as f:
        stats = columnar(f) if "events" in f else schema1(f)
    seconds = time.perf_counter() - begin
    events = sum(s[0] for s in stats.values())
    if "--print" in sys.argv[2:]:
        for (rank, region), s in sorted(stats.items()):
            print(rank, region, *s)
    print(f"{seconds:.6f} {events} {peak_mib():.1f}")


if __name__ == "__main__":
    main()
