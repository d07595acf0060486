// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace scope {

// Reading a mapped file that another process cuts short meanwhile (a run
// written again under the same name) raises SIGBUS at the bytes past its new
// end, which would end the process and every run open in it. Code that reads
// mapped bytes runs inside run(): the fault then makes run() return false on
// that thread, and the caller reports the file as a read past its end would.
class BusErrorGuard {
public:
    // Sets the process's SIGBUS handler (once; later calls do nothing). A
    // process that forbids itself sigaction (the read helper's sandbox) calls
    // it first; run() calls it otherwise.
    static void install();

    // Runs work(context) on this thread; false when a SIGBUS stopped it. The
    // fault leaves work's frames by siglongjmp: they must hold nothing that
    // needs destroying (plain C code, copies, decompressors whose state the
    // caller then throws away). A SIGBUS outside run() is handled as it was
    // before install().
    static bool run(void (*work)(void*), void* context);
};

} // namespace scope
