// SPDX-License-Identifier: GPL-3.0-or-later
#include "Sandbox.h"

#include "h5/H5Library.h"
#include "isolate/WorkerMessage.h"

#include <fcntl.h>
#include <linux/landlock.h>
#include <seccomp.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <stdexcept>
#include <string>

// Only the tests' build of the helper (tests/CMakeLists.txt) tries to get out.
#ifdef SCOPE_SANDBOX_TEST_HOOK
#include "SandboxEscape.h"
#endif

namespace scope::worker {
namespace {

using isolate::WorkerMessage;

class Filter {
public:
    Filter() : context_(seccomp_init(SCMP_ACT_KILL_PROCESS)) {
        if (context_ == nullptr)
            throw std::runtime_error("cannot set up the read helper's sandbox (seccomp_init)");
    }
    ~Filter() { seccomp_release(context_); }
    Filter(const Filter&) = delete;
    Filter& operator=(const Filter&) = delete;

    template <typename... Conditions> void allow(int syscall, Conditions... conditions) {
        check(seccomp_rule_add(context_, SCMP_ACT_ALLOW, syscall, sizeof...(conditions),
                               conditions...),
              "seccomp_rule_add");
    }
    void allowOnFds(int syscall, std::initializer_list<int> fds) {
        for (int fd : fds)
            allow(syscall, SCMP_A0(SCMP_CMP_EQ, static_cast<scmp_datum_t>(fd)));
    }
    void load() {
        // Every thread (the heartbeat, the summaries' sender) or none: a
        // thread left out would be a way out.
        check(seccomp_attr_set(context_, SCMP_FLTATR_CTL_TSYNC, 1), "TSYNC");
        check(seccomp_load(context_), "seccomp_load");
    }

private:
    static void check(int result, const char* what) {
        if (result != 0)
            throw std::runtime_error(std::string("cannot set up the read helper's sandbox (") +
                                     what + ": " + std::strerror(-result) + ")");
    }
    scmp_filter_ctx context_;
};

void loadSeccompFilter() {
    Filter filter;
    // Reading what is already open (libhdf5 uses pread; the heartbeat its
    // /proc counter) and looking at it.
    for (int call : {SCMP_SYS(read), SCMP_SYS(pread64), SCMP_SYS(readv), SCMP_SYS(preadv),
                     SCMP_SYS(lseek), SCMP_SYS(fstat), SCMP_SYS(close)})
        filter.allow(call);
    // glibc's fstat is fstatat(fd, "", AT_EMPTY_PATH); a path is still
    // accepted, but only its metadata can be had that way, not its contents.
    filter.allow(SCMP_SYS(newfstatat), SCMP_A3(SCMP_CMP_MASKED_EQ, AT_EMPTY_PATH, AT_EMPTY_PATH));
    // Memory, but no new executable code.
    filter.allow(SCMP_SYS(mmap), SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    filter.allow(SCMP_SYS(mprotect), SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
    for (int call : {SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(brk), SCMP_SYS(madvise)})
        filter.allow(call);
    // The results memfd and the message pipe (and stderr, for a failing
    // assertion's last words); nothing else is written.
    filter.allowOnFds(SCMP_SYS(write), {WorkerMessage::kMessageFd, WorkerMessage::kResultFd, 2});
    filter.allowOnFds(SCMP_SYS(writev), {WorkerMessage::kMessageFd, 2});
    for (int call : {SCMP_SYS(pwrite64), SCMP_SYS(fallocate), SCMP_SYS(ftruncate)})
        filter.allowOnFds(call, {WorkerMessage::kResultFd});
    // Threads already running (the heartbeat, the summaries' sender), their
    // clocks and sleeps.
    for (int call : {SCMP_SYS(futex), SCMP_SYS(clock_gettime), SCMP_SYS(clock_nanosleep),
                     SCMP_SYS(nanosleep), SCMP_SYS(sched_yield), SCMP_SYS(getpid), SCMP_SYS(gettid),
                     SCMP_SYS(rseq), SCMP_SYS(set_robust_list), SCMP_SYS(rt_sigprocmask),
                     SCMP_SYS(rt_sigreturn), SCMP_SYS(exit), SCMP_SYS(exit_group)})
        filter.allow(call);
    // glibc's qsort asks for the machine's memory before sorting 1 KiB or
    // more (libhdf5 sorts a group's attributes with it): the answer is a few
    // numbers about the machine, nothing of its files.
    filter.allow(SCMP_SYS(sysinfo));
    // The HDF5 file driver keeps a duplicate of the descriptor it is given
    // (h5/DescriptorDriver.h): a copy of what is already open, nothing new.
    filter.allow(SCMP_SYS(fcntl), SCMP_A1(SCMP_CMP_EQ, F_DUPFD_CLOEXEC));
    // abort() signals this process, so a failed assertion in libhdf5 stays a
    // SIGABRT crash and is not taken for a sandbox violation.
    const auto self = static_cast<scmp_datum_t>(getpid());
    filter.allow(SCMP_SYS(tgkill), SCMP_A0(SCMP_CMP_EQ, self));
    filter.allow(SCMP_SYS(kill), SCMP_A0(SCMP_CMP_EQ, self));
    filter.load();
}

// No file system access at all from now on, where the kernel has Landlock
// (5.13+). Landlock binds the calling thread only (the other threads,
// which open nothing, are held by the seccomp filter alone).
void restrictFileSystem() {
    const long abi =
        syscall(SYS_landlock_create_ruleset, nullptr, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1)
        return; // ENOSYS or EOPNOTSUPP: not built in or switched off.
    landlock_ruleset_attr attributes{};
    attributes.handled_access_fs =
        LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE |
        LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR |
        LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR |
        LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK |
        LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
    if (abi >= 2)
        attributes.handled_access_fs |= LANDLOCK_ACCESS_FS_REFER;
    const long ruleset = syscall(SYS_landlock_create_ruleset, &attributes, sizeof attributes, 0);
    if (ruleset < 0)
        return;
    // No rules: every handled access is denied everywhere.
    syscall(SYS_landlock_restrict_self, static_cast<int>(ruleset), 0);
    close(static_cast<int>(ruleset));
}

} // namespace

bool Sandbox::enabled() {
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer's runtime probes memory through pipes and stops the
    // world with clone and ptrace for its leak check, which the filter kills
    // (pipe2 after the hand-over). Sanitizer builds are for the tests only.
    return false;
#else
    const char* setting = std::getenv("SCOPE_READ_WORKER_SANDBOX");
    return setting == nullptr || std::strcmp(setting, "off") != 0;
#endif
}

void Sandbox::prepare() {
    // Loads the filters while libraries may still be opened; libhdf5 searches
    // for no plugin afterwards.
    h5::prepareThread();
}

void Sandbox::confine() {
    static bool confined = false;
    if (confined || !enabled())
        return;
    confined = true;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        throw std::runtime_error(std::string("cannot set up the read helper's sandbox "
                                             "(PR_SET_NO_NEW_PRIVS: ") +
                                 std::strerror(errno) + ")");
    // Landlock first: its own syscalls are not in the seccomp filter's list.
    restrictFileSystem();
    loadSeccompFilter();
#ifdef SCOPE_SANDBOX_TEST_HOOK
    test::attemptEscape();
#endif
}

} // namespace scope::worker
