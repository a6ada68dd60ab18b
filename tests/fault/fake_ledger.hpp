// SPDX-License-Identifier: Apache-2.0
// Defines `accy_fake_cuda::ledger`, the fake CUDA driver's accounting: every entry point call in order, the
// faults armed to fail some of them, the misuses it saw, and the symbols it was asked for or hides.
#pragma once

#include <cuda.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace accy_fake_cuda {

class ledger {
public:
    /// Counts a call of `entry` (a string literal): CUDA_SUCCESS when the call is to go on, else the
    /// result of the fault armed for it, which the entry point returns at once.
    CUresult enter(const char* entry) {
        const std::size_t call = calls_.size();
        calls_.push_back(entry);
        const auto armed = std::ranges::find(faults_, call, &fault::call);
        return armed == faults_.end() ? CUDA_SUCCESS : armed->result;
    }

    void arm(std::size_t call, CUresult result) {
        if (faults_.size() < max_faults) faults_.push_back({call, result});
    }

    std::size_t calls() const noexcept { return calls_.size(); }
    const char* call_name(std::size_t call) const noexcept { return call < calls_.size() ? calls_[call] : nullptr; }

    /// Records that the current call used the driver wrongly, or asked what the fake does not
    /// model, and returns the result a driver gives for it.
    CUresult misuse(CUresult result, std::string_view what) {
        if (misuses_++ == 0)
            first_misuse_ = "call " + std::to_string(calls_.size() - 1) + " (" + calls_.back() + "): " + std::string(what);
        return result;
    }

    std::size_t misuses() const noexcept { return misuses_; }
    const char* first_misuse() const noexcept { return first_misuse_.c_str(); }

    void hide(std::string_view symbol) { hidden_.emplace_back(symbol); }
    bool hidden(std::string_view symbol) const { return std::ranges::find(hidden_, symbol) != hidden_.end(); }

    void asked(std::string_view symbol) { asked_.emplace_back(symbol); }
    const char* symbol_asked(std::size_t index) const noexcept {
        return index < asked_.size() ? asked_[index].c_str() : nullptr;
    }

private:
    struct fault {
        std::size_t call;
        CUresult result;
    };
    static constexpr std::size_t max_faults = 4;

    std::vector<const char*> calls_;
    std::vector<fault> faults_;
    std::size_t misuses_ = 0;
    std::string first_misuse_;
    std::vector<std::string> hidden_;
    std::vector<std::string> asked_;
};

}  // namespace accy_fake_cuda
