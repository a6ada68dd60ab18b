// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::owner`, the move-only ownership that every owning type of accy shares.
#pragma once

#include <utility>

namespace accy::detail {

/// Holds a `State` that owns something (buffers, loaded kernels, a stream, a graph, a context) and
/// gives it back with `state.release()` (noexcept): when the owner is destroyed, and before another
/// state is moved into it. A move takes the state and leaves `State{}` behind, which owns nothing,
/// so that a moved-from owner releases nothing and reads as empty (a null device, an empty view).
/// Copying is deleted. An owning type keeps what it owns in one `owner<state>` and declares no
/// move, copy or destructor of its own.
template <class State>
class owner {
public:
    owner() = default;
    explicit owner(State state) noexcept : state_(std::move(state)) {}
    owner(owner&& other) noexcept : state_(std::exchange(other.state_, State{})) {}
    owner& operator=(owner&& other) noexcept {
        if (this != &other) {
            state_.release();
            state_ = std::exchange(other.state_, State{});
        }
        return *this;
    }
    owner(const owner&) = delete;
    owner& operator=(const owner&) = delete;
    ~owner() { state_.release(); }

    State& operator*() noexcept { return state_; }
    const State& operator*() const noexcept { return state_; }
    State* operator->() noexcept { return &state_; }
    const State* operator->() const noexcept { return &state_; }

private:
    State state_{};
};

}  // namespace accy::detail
