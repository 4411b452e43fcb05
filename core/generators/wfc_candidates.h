#pragma once
// The undecided positions of wave function collapse, least priority first: the next
// to observe is the top. A binary heap that knows where each position sits in it, so
// a narrowed position's entry is moved, not added again: the heap holds each
// position once. (Adding an entry per narrowing and skipping stale ones grew the heap
// by an entry every narrowing, and its sifts missed the cache.)
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace burrow {

class WfcCandidates {
public:
    // Empty, with room for positions 0 .. positions - 1.
    void reset(std::size_t positions) {
        heap_.clear();
        slot_.assign(positions, kAbsent);
    }
    bool empty() const { return heap_.empty(); }
    std::uint32_t top() const { return heap_.front().position; }

    // Puts the position in the heap with this priority and tie-break, or moves it there.
    void set(std::uint32_t position, double priority, std::uint32_t tieBreak) {
        std::uint32_t& slot = slot_[position];
        if (slot == kAbsent) {
            slot = static_cast<std::uint32_t>(heap_.size());
            heap_.push_back({priority, tieBreak, position});
            siftUp(slot);
            return;
        }
        const Entry was = heap_[slot];
        heap_[slot] = {priority, tieBreak, position};
        if (before(heap_[slot], was)) siftUp(slot);
        else siftDown(slot);
    }

    // Takes the position out, if it is in.
    void remove(std::uint32_t position) {
        const std::uint32_t slot = slot_[position];
        if (slot == kAbsent) return;
        slot_[position] = kAbsent;
        const Entry last = heap_.back();
        heap_.pop_back();
        if (slot == heap_.size()) return;
        heap_[slot] = last;
        slot_[last.position] = slot;
        siftUp(slot);
        siftDown(slot_[last.position]);
    }

private:
    static constexpr std::uint32_t kAbsent = std::numeric_limits<std::uint32_t>::max();
    struct Entry {
        double priority; // the stage's: an entropy, adjusted
        std::uint32_t tieBreak;
        std::uint32_t position;
    };
    // Least priority, then least draw, then (never in practice) least position.
    static bool before(const Entry& a, const Entry& b) {
        if (a.priority != b.priority) return a.priority < b.priority;
        if (a.tieBreak != b.tieBreak) return a.tieBreak < b.tieBreak;
        return a.position < b.position;
    }
    void place(std::size_t slot, const Entry& e) {
        heap_[slot] = e;
        slot_[e.position] = static_cast<std::uint32_t>(slot);
    }
    void siftUp(std::size_t slot) {
        const Entry e = heap_[slot];
        while (slot > 0) {
            const std::size_t parent = (slot - 1) / 2;
            if (!before(e, heap_[parent])) break;
            place(slot, heap_[parent]);
            slot = parent;
        }
        place(slot, e);
    }
    void siftDown(std::size_t slot) {
        const Entry e = heap_[slot];
        for (;;) {
            std::size_t child = 2 * slot + 1;
            if (child >= heap_.size()) break;
            if (child + 1 < heap_.size() && before(heap_[child + 1], heap_[child])) ++child;
            if (!before(heap_[child], e)) break;
            place(slot, heap_[child]);
            slot = child;
        }
        place(slot, e);
    }

    std::vector<Entry> heap_;
    std::vector<std::uint32_t> slot_; // where each position is in heap_, or kAbsent
};

} // namespace burrow
