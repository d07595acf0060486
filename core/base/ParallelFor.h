// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <system_error>
#include <thread>
#include <vector>

namespace scope {

// Runs work(item, worker) for every item in [0, count) on `threads` threads,
// this one included (worker 0), each taking the next item as it comes free.
// after() runs on this thread after each item it did, e.g. to report progress.
// Once `stop` is set no new item starts. The exception of the lowest failed
// item is rethrown after every thread has ended.
template <class Work, class After>
void parallelFor(std::size_t count, unsigned threads, const std::atomic<bool>* stop, Work&& work,
                 After&& after) {
    threads =
        std::clamp<unsigned>(threads, 1, static_cast<unsigned>(std::max<std::size_t>(count, 1)));
    std::atomic<std::size_t> next{0};
    std::vector<std::exception_ptr> errors(threads);
    std::vector<std::size_t> failedItem(threads, count);
    auto run = [&](unsigned worker) {
        for (std::size_t item; (item = next.fetch_add(1)) < count;) {
            if (stop != nullptr && stop->load(std::memory_order_relaxed))
                return;
            try {
                work(item, worker);
            } catch (...) {
                if (item < failedItem[worker]) {
                    failedItem[worker] = item;
                    errors[worker] = std::current_exception();
                }
            }
            if (worker == 0)
                after();
        }
    };
    std::vector<std::thread> helpers;
    for (unsigned worker = 1; worker < threads; ++worker) {
        try {
            helpers.emplace_back(run, worker);
        } catch (const std::system_error&) {
            break; // fewer threads, same work
        }
    }
    run(0);
    for (std::thread& helper : helpers)
        helper.join();
    const auto first = std::min_element(failedItem.begin(), failedItem.end());
    if (*first < count)
        std::rethrow_exception(errors[static_cast<std::size_t>(first - failedItem.begin())]);
}

} // namespace scope
