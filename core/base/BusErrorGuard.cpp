// SPDX-License-Identifier: GPL-3.0-or-later
#include "BusErrorGuard.h"

#include <csetjmp>
#include <csignal>
#include <mutex>

namespace scope {
namespace {

// The jump back into run() of the guarded work on this thread, if any.
thread_local sigjmp_buf* tGuarded = nullptr;
struct sigaction gPrevious {};

void onBusError(int, siginfo_t*, void*) {
    if (tGuarded != nullptr)
        siglongjmp(*tGuarded, 1);
    // Not a guarded read: the faulting access runs again on return, and
    // meets what was there before (by default, the end of the process).
    sigaction(SIGBUS, &gPrevious, nullptr);
}

} // namespace

void BusErrorGuard::install() {
    static std::once_flag once;
    std::call_once(once, [] {
        struct sigaction action {};
        action.sa_sigaction = &onBusError;
        sigemptyset(&action.sa_mask);
        // SA_NODEFER: the jump out of the handler leaves SIGBUS unblocked
        // without sigsetjmp saving the mask (a system call per run()).
        action.sa_flags = SA_SIGINFO | SA_NODEFER;
        sigaction(SIGBUS, &action, &gPrevious);
    });
}

bool BusErrorGuard::run(void (*work)(void*), void* context) {
    install();
    sigjmp_buf jump;
    sigjmp_buf* const outer = tGuarded;
    if (sigsetjmp(jump, 0) != 0) {
        tGuarded = outer;
        return false;
    }
    tGuarded = &jump;
    work(context);
    tGuarded = outer;
    return true;
}

} // namespace scope
