// SPDX-License-Identifier: Apache-2.0
// Defines `accy_fault::sweep`, which runs a scenario of public calls on the fake CUDA driver once cleanly and then
// once per driver call with that call failed, each run in a child process with a watchdog, and checks every run
// against what accy documents; `accy_fault::sweep_missing_symbols`, the same for a driver that lacks one entry point;
// and `accy_fault::steps`, through which a scenario makes its public calls.
#pragma once

#include "fault/fake_driver.hpp"
#include "hardening/watchdog.hpp"

#include <accy/backend/cuda.hpp>
#include <accy/core/error.hpp>

#include <boost/test/unit_test.hpp>

#include <sys/mman.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>
#include <exception>
#include <new>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace accy_fault {

// --- What accy documents ---------------------------------------------------------------------------------

/// A result the sweep makes a call fail with, and its name, which accy's message must hold.
struct driver_failure {
    CUresult result;
    std::string_view name;
};

/// The result the sweep fails `entry` with: one the driver gives there. Every other entry point fails
/// with CUDA_ERROR_UNKNOWN.
inline driver_failure injected_failure(std::string_view entry) {
    constexpr driver_failure no_device{CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE"};
    constexpr driver_failure out_of_memory{CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY"};
    constexpr driver_failure launch_failed{CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED"};
    constexpr std::array<std::pair<std::string_view, driver_failure>, 23> failures{{
        {"cuInit", no_device},
        {"cuDeviceGetCount", {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED"}},
        {"cuDeviceGet", {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE"}},
        {"cuDevicePrimaryCtxRetain", {CUDA_ERROR_DEVICE_UNAVAILABLE, "CUDA_ERROR_DEVICE_UNAVAILABLE"}},
        {"cuMemAlloc", out_of_memory},
        {"cuStreamCreate", out_of_memory},
        {"cuEventCreate", out_of_memory},
        {"cuLibraryLoadData", out_of_memory},
        {"cuModuleLoadDataEx", out_of_memory},
        {"cuGraphCreate", out_of_memory},
        {"cuGraphAddKernelNode", out_of_memory},
        {"cuGraphAddMemsetNode", out_of_memory},
        {"cuGraphInstantiateWithFlags", out_of_memory},
        // Libraries load lazily: PTX that does not compile fails when its kernel is first asked for.
        {"cuLibraryGetKernel", {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX"}},
        {"cuLaunchKernelEx", launch_failed},
        {"cuGraphLaunch", launch_failed},
        {"cuCtxSynchronize", launch_failed},
        {"cuStreamSynchronize", launch_failed},
        {"cuMemcpyHtoD", launch_failed},
        {"cuMemcpyDtoH", launch_failed},
        {"cuMemsetD8Async", launch_failed},
        {"cuMemcpyPeerAsync", launch_failed},
        {"cuCtxEnablePeerAccess", {CUDA_ERROR_TOO_MANY_PEERS, "CUDA_ERROR_TOO_MANY_PEERS"}},
    }};
    for (const auto& [failing, failure] : failures)
        if (failing == entry) return failure;
    return {CUDA_ERROR_UNKNOWN, "CUDA_ERROR_UNKNOWN"};
}

/// The code of the accy::error a failed `entry` must surface as (docs/guide.md, "Errors";
/// backend/cuda/detail/check.hpp): cuInit's failure is runtime_unavailable whatever its result.
inline accy::errc documented_code(std::string_view entry, CUresult result) {
    if (entry == "cuInit") return accy::errc::runtime_unavailable;
    switch (result) {
    case CUDA_ERROR_OUT_OF_MEMORY: return accy::errc::out_of_memory;
    case CUDA_ERROR_INVALID_PTX: return accy::errc::invalid_artifact;
    case CUDA_ERROR_NOT_INITIALIZED:
    case CUDA_ERROR_NO_DEVICE:
    case CUDA_ERROR_INVALID_DEVICE:
    case CUDA_ERROR_DEVICE_UNAVAILABLE: return accy::errc::runtime_unavailable;
    default: return accy::errc::device_error;
    }
}

/// The entry points that destroy what the driver made. Destructors and `free_buffer` call them and cannot
/// throw: the object the driver refused to destroy stays (a free counts in `accy::cuda::failed_free_count()`).
inline std::optional<accy_fake_cuda_kind> destroyed_kind(std::string_view entry) {
    constexpr std::array<std::pair<std::string_view, accy_fake_cuda_kind>, 10> destroyers{{
        {"cuMemFree", accy_fake_cuda_allocations},
        {"cuMemFreeAsync", accy_fake_cuda_allocations},
        {"cuLibraryUnload", accy_fake_cuda_libraries},
        {"cuModuleUnload", accy_fake_cuda_modules},
        {"cuStreamDestroy", accy_fake_cuda_streams},
        {"cuEventDestroy", accy_fake_cuda_events},
        {"cuGraphDestroy", accy_fake_cuda_graphs},
        {"cuGraphExecDestroy", accy_fake_cuda_graph_execs},
        {"cuDevicePrimaryCtxRelease", accy_fake_cuda_context_retains},
        {"cuMemPoolDestroy", accy_fake_cuda_memory_pools},
    }};
    for (const auto& [destroyer, kind] : destroyers)
        if (destroyer == entry) return kind;
    return std::nullopt;
}

/// Calls that only a failure's clean-up makes, whose own failure that clean-up swallows so as to report
/// the first: the JIT log's module (a load that fails), the best-effort wait after a failed launch, a
/// graph update setting its nodes back. Each is failed again after each fault that leads to it.
inline bool on_failure_path(std::string_view entry) {
    return entry == "cuModuleLoadDataEx" || entry == "cuModuleUnload" || entry == "cuCtxSynchronize" ||
           entry == "cuStreamSynchronize" || entry == "cuGraphKernelNodeSetParams" || entry == "cuGraphExecKernelNodeSetParams";
}

inline constexpr std::array<std::string_view, accy_fake_cuda_kind_count> kind_names{
    "allocations", "libraries", "modules", "streams", "events", "graphs", "executable graphs", "primary context retains", "memory pools"};

// --- Runs ----------------------------------------------------------------------------------------------

/// What a run in a child process tells the test process, in memory both map.
struct run_report {
    static constexpr std::size_t max_names = 2048, max_steps = 64, max_followups = 64;
    using name = std::array<char, 64>;

    std::size_t calls = 0;  ///< the clean run's calls, each by its entry point
    std::array<name, max_names> call_names;
    std::size_t symbols = 0;  ///< the symbols the clean run's accy asked cuGetProcAddress for
    std::array<name, max_names> symbol_names;
    std::size_t steps = 0;  ///< the clean run's public calls, each with the first driver call it made
    std::array<std::size_t, max_steps> step_first_call;
    std::array<name, max_steps> step_names;
    std::size_t followups = 0;  ///< a failing run's calls on the failure path (`on_failure_path`)
    std::array<std::size_t, max_followups> followup_calls;
    std::array<name, max_followups> followup_names;
    std::array<char, 4096> failure;  ///< what the run got wrong, empty when nothing

    template <std::size_t Size>
    static void store(std::array<char, Size>& to, std::string_view from) noexcept {
        const std::size_t length = std::min(from.size(), Size - 1);
        from.copy(to.data(), length);
        to[length] = '\0';
    }

    /// Records what the run got wrong, and throws it, which makes the child's outcome "threw".
    [[noreturn]] void fail(const std::string& wrong) {
        store(failure, wrong);
        throw std::runtime_error(wrong);
    }
};

/// A run_report in memory shared with the children forked after it.
class shared_report {
public:
    shared_report() {
        void* memory = mmap(nullptr, sizeof(run_report), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) throw std::runtime_error("mmap of the children's report failed");
        report_ = new (memory) run_report{};
    }
    shared_report(const shared_report&) = delete;
    shared_report& operator=(const shared_report&) = delete;
    ~shared_report() { munmap(report_, sizeof(run_report)); }

    run_report& operator*() const noexcept { return *report_; }
    run_report* operator->() const noexcept { return report_; }
    void clear() const { new (report_) run_report{}; }

private:
    run_report* report_ = nullptr;
};

/// The public calls of a scenario, each named: a failure of the driver must surface from the public call
/// that made the failed call.
class steps {
public:
    /// Records where each public call starts in `clean`, where given (the clean run).
    explicit steps(run_report* clean) noexcept : clean_(clean) {}

    template <class Call>
    decltype(auto) operator()(std::string_view name, Call&& call) {
        current_ = count_++;
        if (clean_ != nullptr && current_ < run_report::max_steps) {
            clean_->step_first_call[current_] = fake_driver().calls();
            run_report::store(clean_->step_names[current_], name);
            clean_->steps = count_;
        }
        try {
            return std::forward<Call>(call)();
        } catch (...) {
            thrown_at_ = fake_driver().calls();
            throw;
        }
    }

    std::size_t current() const noexcept { return current_; }
    /// The driver calls made when the public call threw.
    std::size_t thrown_at() const noexcept { return thrown_at_; }

private:
    run_report* clean_;
    std::size_t count_ = 0, current_ = 0, thrown_at_ = 0;
};

using scenario = void (*)(steps&);

/// A scenario's own check of what it got, which the clean run and every tolerated failure must pass.
inline void expect(bool holds, std::string_view what) {
    if (!holds) throw std::logic_error("the scenario's check failed: " + std::string(what));
}

/// How a run ended: the accy::error a public call threw, or what else escaped.
struct run_outcome {
    std::optional<accy::error> error;
    std::string other;  ///< the what() of an exception that is not an accy::error
    std::size_t step = 0;
    std::size_t thrown_at = 0;
};

inline run_outcome run_scenario(scenario body, run_report* clean) {
    steps made(clean);
    run_outcome outcome;
    try {
        body(made);
    } catch (const accy::error& thrown) {
        outcome.error = thrown;
    } catch (const std::exception& thrown) {
        outcome.other = thrown.what();
    }
    outcome.step = made.current();
    outcome.thrown_at = made.thrown_at();
    return outcome;
}

/// What is left once the scenario destroyed everything, against what the failures allow: "" when as expected.
inline std::string check_leftovers(const std::array<unsigned long, accy_fake_cuda_kind_count>& allowed,
                                   std::size_t failed_frees) {
    const fake_driver_controls& fake = fake_driver();
    std::string wrong;
    for (std::size_t kind = 0; kind < allowed.size(); ++kind) {
        const unsigned long live = fake.live(static_cast<accy_fake_cuda_kind>(kind));
        if (live != allowed[kind])
            wrong += std::to_string(live) + " " + std::string(kind_names[kind]) + " left alive, expected " +
                     std::to_string(allowed[kind]) + "; ";
    }
    if (accy::cuda::failed_free_count() != failed_frees)
        wrong += "failed_free_count() is " + std::to_string(accy::cuda::failed_free_count()) + ", expected " +
                 std::to_string(failed_frees) + "; ";
    if (accy::cuda::loaded_library_count() != 0)
        wrong += "loaded_library_count() is " + std::to_string(accy::cuda::loaded_library_count()) + "; ";
    if (fake.misuses() != 0)
        wrong += "the driver was misused " + std::to_string(fake.misuses()) + " time(s), first " + fake.first_misuse() + "; ";
    return wrong;
}

/// The clean run as the test process keeps it.
struct clean_run {
    std::vector<std::string> calls;
    std::vector<std::string> symbols;
    std::vector<std::size_t> step_first_call;
    std::vector<std::string> step_names;

    /// The public call that made driver call `call`.
    std::size_t step_of(std::size_t call) const {
        std::size_t step = 0;
        while (step + 1 < step_first_call.size() && step_first_call[step + 1] <= call) ++step;
        return step;
    }
};

/// A fault to arm: the call to fail, its entry point, and how it fails.
struct fault {
    std::size_t call;
    std::string entry;
    driver_failure failure;
};

inline std::string describe(std::string_view scenario_name, const std::vector<fault>& faults) {
    std::string text = "scenario '" + std::string(scenario_name) + "'";
    for (const fault& armed : faults)
        text += ", call " + std::to_string(armed.call) + " (" + armed.entry + ") failing with " + std::string(armed.failure.name);
    return text;
}

/// What a run with `faults` armed got wrong: the error the public call that made the first failed call
/// threw (its code, driver_result() and text), or why no error is right for that call, then what is left.
inline std::string judge(const run_outcome& got, const std::vector<fault>& faults, const clean_run& clean) {
    const fake_driver_controls& fake = fake_driver();
    const fault& first = faults.front();
    std::array<unsigned long, accy_fake_cuda_kind_count> allowed{};
    std::size_t failed_frees = 0;
    for (const fault& armed : faults)
        if (const std::optional<accy_fake_cuda_kind> kind = destroyed_kind(armed.entry)) {
            ++allowed[static_cast<std::size_t>(*kind)];
            failed_frees += armed.entry == "cuMemFree" || armed.entry == "cuMemFreeAsync" ? 1 : 0;
        }
    std::string wrong;
    const char* made = fake.call_name(first.call);
    if (made == nullptr || first.entry != made)
        return "call " + std::to_string(first.call) + " was " + (made != nullptr ? made : "never made") +
               ", in the clean run " + first.entry + ": the calls are not the same from run to run";
    const char* next = fake.call_name(first.call + 1);
    if (!got.other.empty()) {
        wrong = "threw something that is not an accy::error: " + got.other + "; ";
    } else if (got.error) {
        const accy::error& thrown = *got.error;
        const accy::errc code = documented_code(first.entry, first.failure.result);
        if (destroyed_kind(first.entry))
            wrong += "a failed " + first.entry + " escaped a destructor; ";
        if (thrown.code() != code)
            wrong += "the code is " + std::string(accy::to_string(thrown.code())) + ", documented " +
                     std::string(accy::to_string(code)) + "; ";
        if (thrown.driver_result() != first.failure.result)
            wrong += "driver_result() is " + std::to_string(thrown.driver_result()) + ", the driver's result " +
                     std::to_string(first.failure.result) + "; ";
        if (thrown.message().find(first.failure.name) == std::string::npos)
            wrong += "the message does not name " + std::string(first.failure.name) + "; ";
        if (got.step != clean.step_of(first.call))
            wrong += "thrown by public call '" + clean.step_names[got.step] + "', while '" +
                     clean.step_names[clean.step_of(first.call)] + "' made the failed call; ";
        if (!wrong.empty()) wrong += "accy said: " + std::string(thrown.what()) + "; ";
    } else if (destroyed_kind(first.entry)) {
        // Tolerated: the object stays, which the leftovers below check.
    } else if ((first.entry == "cuCtxGetCurrent" || first.entry == "cuCtxSetCurrent") && next != nullptr &&
               std::string_view(next) == "cuMemFree") {
        // Tolerated: free_buffer, whose backend's context cannot be made current, frees in whichever is.
    } else if (first.entry == "cuCtxSetCurrent" && fake.current_context() != nullptr) {
        // Tolerated: a context_scope's destructor cannot throw; the restore it failed leaves the backend's
        // context current on the thread, where the test started with none.
    } else {
        wrong = "no public call reported the failure; ";
    }
    return wrong + check_leftovers(allowed, failed_frees);
}

inline constexpr std::chrono::seconds watchdog{20};

/// Runs `body` cleanly in a child: every public call succeeds and nothing is left. Returns the calls it made
/// and its public calls, or nothing where the clean run failed (a test failure already).
inline std::optional<clean_run> run_clean(std::string_view scenario_name, scenario body, const shared_report& report) {
    report.clear();
    const std::string what = "scenario '" + std::string(scenario_name) + "' without faults";
    const std::string outcome = accy_test::forked(watchdog, what.c_str(), [&] {
        const run_outcome got = run_scenario(body, &*report);
        const fake_driver_controls& fake = fake_driver();
        report->calls = std::min<std::size_t>(fake.calls(), run_report::max_names);
        for (std::size_t call = 0; call < report->calls; ++call) run_report::store(report->call_names[call], fake.call_name(call));
        while (report->symbols < run_report::max_names && fake.symbol_asked(report->symbols) != nullptr) {
            run_report::store(report->symbol_names[report->symbols], fake.symbol_asked(report->symbols));
            ++report->symbols;
        }
        std::string wrong = got.error ? "threw " + std::string(got.error->what()) + "; " : "";
        if (!got.other.empty()) wrong += "threw " + got.other + "; ";
        wrong += check_leftovers({}, 0);
        if (fake.calls() > run_report::max_names) wrong += "more calls than the report holds; ";
        if (!wrong.empty()) report->fail(wrong);
    });
    BOOST_TEST(outcome == "returned", what << ": " << outcome << ": " << report->failure.data());
    if (outcome != "returned") return std::nullopt;
    clean_run clean;
    for (std::size_t call = 0; call < report->calls; ++call) clean.calls.emplace_back(report->call_names[call].data());
    for (std::size_t symbol = 0; symbol < report->symbols; ++symbol) clean.symbols.emplace_back(report->symbol_names[symbol].data());
    for (std::size_t step = 0; step < std::min(report->steps, run_report::max_steps); ++step) {
        clean.step_first_call.push_back(report->step_first_call[step]);
        clean.step_names.emplace_back(report->step_names[step].data());
    }
    return clean;
}

/// Runs `body` with `faults` armed in a child and judges it; returns the calls on the failure path that the
/// first fault led to (`on_failure_path`), to fail in turn after it.
inline std::vector<fault> run_faulted(std::string_view scenario_name, scenario body, const std::vector<fault>& faults,
                                      const clean_run& clean, const shared_report& report) {
    report->followups = 0;
    report->failure[0] = '\0';
    const std::string what = describe(scenario_name, faults);
    const std::string outcome = accy_test::forked(watchdog, what.c_str(), [&] {
        const fake_driver_controls& fake = fake_driver();
        for (const fault& armed : faults) fake.fail(armed.call, armed.failure.result);
        const run_outcome got = run_scenario(body, nullptr);
        // The calls the failing public call made after the fault, before its error left it.
        for (std::size_t call = faults.front().call + 1; faults.size() == 1 && got.error && call < got.thrown_at; ++call)
            if (on_failure_path(fake.call_name(call)) && report->followups < run_report::max_followups) {
                report->followup_calls[report->followups] = call;
                run_report::store(report->followup_names[report->followups++], fake.call_name(call));
            }
        const std::string wrong = judge(got, faults, clean);
        if (!wrong.empty()) report->fail(wrong);
    });
    BOOST_TEST(outcome == "returned", what << ": " << outcome << ": " << report->failure.data());
    std::vector<fault> followups;
    for (std::size_t i = 0; i < report->followups; ++i) {
        const std::string entry = report->followup_names[i].data();
        followups.push_back({report->followup_calls[i], entry, injected_failure(entry)});
    }
    return followups;
}

/// Runs `body` cleanly, then once with each of its driver calls failed, then once more for each call on the
/// failure path that a failed call leads to, with both failed. Each run is a child process with a watchdog,
/// so that a crash or a hang fails its case and the sweep goes on.
inline void sweep(std::string_view scenario_name, scenario body) {
    const shared_report report;
    const std::optional<clean_run> clean = run_clean(scenario_name, body, report);
    if (!clean) return;
    std::vector<std::vector<fault>> failure_paths;
    for (std::size_t call = 0; call < clean->calls.size(); ++call) {
        const std::vector<fault> faults{{call, clean->calls[call], injected_failure(clean->calls[call])}};
        for (const fault& followup : run_faulted(scenario_name, body, faults, *clean, report))
            failure_paths.push_back({faults.front(), followup});
    }
    for (const std::vector<fault>& faults : failure_paths) run_faulted(scenario_name, body, faults, *clean, report);
    BOOST_TEST_MESSAGE("scenario '" << scenario_name << "': " << clean->calls.size() << " driver calls, each failed in turn, and "
                                    << failure_paths.size() << " calls on failure paths failed after them");
}

/// Runs `body` once per symbol that accy asks cuGetProcAddress for, with the fake lacking that symbol, as an
/// older driver does: a required one makes the first public call `runtime_unavailable`, naming it, with no
/// driver result; an `optional` one (`accy::cuda::driver_api` documents them) changes nothing.
inline void sweep_missing_symbols(std::string_view scenario_name, scenario body,
                                         const std::vector<std::string_view>& optional) {
    const shared_report report;
    const std::optional<clean_run> clean = run_clean(scenario_name, body, report);
    if (!clean) return;
    for (const std::string& symbol : clean->symbols) {
        report->failure[0] = '\0';
        const std::string what = "scenario '" + std::string(scenario_name) + "' with a driver that has no " + symbol;
        const std::string outcome = accy_test::forked(watchdog, what.c_str(), [&] {
            fake_driver().hide(symbol.c_str());
            const run_outcome got = run_scenario(body, nullptr);
            std::string wrong;
            if (std::ranges::find(optional, symbol) != optional.end()) {
                if (got.error || !got.other.empty())
                    wrong = "an optional entry point is missing and the scenario failed: " +
                            (got.error ? std::string(got.error->what()) : got.other) + "; ";
            } else if (!got.error) {
                wrong = "no error; ";
            } else if (got.error->code() != accy::errc::runtime_unavailable || got.error->driver_result() != 0 ||
                       got.error->message().find("has no " + symbol + " ") == std::string::npos || got.step != 0) {
                wrong = "the first public call must be runtime_unavailable naming the symbol, with no driver result; "
                        "public call " + std::to_string(got.step) + " threw " + got.error->what() + "; ";
            }
            wrong += check_leftovers({}, 0);
            if (!wrong.empty()) report->fail(wrong);
        });
        BOOST_TEST(outcome == "returned", what << ": " << outcome << ": " << report->failure.data());
    }
    BOOST_TEST_MESSAGE("scenario '" << scenario_name << "': " << clean->symbols.size() << " symbols, each missing in turn");
}

}  // namespace accy_fault
