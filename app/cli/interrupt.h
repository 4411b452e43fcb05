#pragma once
// Ctrl+C for long commands. The first Ctrl+C asks the command to stop cleanly: no
// new seed starts, a level being made stops where it is (its stages poll now and
// then, GenerationObserver::whileRunning), and every
// file already written stays whole (files are only ever renamed into place once
// complete). A second Ctrl+C ends the process at once, as usual.
//
// A signal handler can only reach static storage, so the flag lives in one
// function-local static; nothing else in Burrow is global.
#include <atomic>
#include <csignal>

namespace burrow::cli {

class InterruptWatch {
public:
    InterruptWatch() { previous_ = std::signal(SIGINT, &InterruptWatch::onSignal); }
    ~InterruptWatch() { std::signal(SIGINT, previous_ == SIG_ERR ? SIG_DFL : previous_); }
    InterruptWatch(const InterruptWatch&) = delete;
    InterruptWatch& operator=(const InterruptWatch&) = delete;

    static bool requested() { return flag().load(std::memory_order_relaxed); }
    // What a level being made throws once Ctrl+C was pressed.
    struct Stopped {};

private:
    static std::atomic<bool>& flag() {
        static std::atomic<bool> requested{false};
        return requested;
    }
    static void onSignal(int) {
        flag().store(true, std::memory_order_relaxed);
        std::signal(SIGINT, SIG_DFL); // the second Ctrl+C ends the process
    }
    using Handler = void (*)(int);
    Handler previous_ = SIG_DFL;
};

static_assert(std::atomic<bool>::is_always_lock_free, "the Ctrl+C flag is set from a signal handler");

} // namespace burrow::cli
