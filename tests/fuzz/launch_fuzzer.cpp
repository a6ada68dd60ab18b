// SPDX-License-Identifier: Apache-2.0
// A libFuzzer target over launch validation on the recording backend. Each input chooses a
// pipeline (the tests' device scan, its bounded variant, its dual-format variant), a format (or a
// value outside the enumeration, as a run-time cast makes: 6, 1000, negative), the
// runtime scalar n, the operand, result and caller-scratch counts, every buffer's address and size
// (zero, null, overlapping, at the top of the address space, wrapping), a pool or not, caller
// scratch or not, and a fault (which call fails, after how many). It asserts:
// - only accy::error escapes (anything else ends the process: a crash);
// - a launch the checks reject launched, allocated and loaded nothing;
// - every object a call created was destroyed (live_objects() == 0 once the pool is gone);
// - the error code is the one the first mistake calls for, computed here independently of accy's
//   checks, and a launch with no mistake and no fault succeeds.
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <tuple>
#include <vector>

namespace {

using accy::buffer;
using accy::errc;
using accy::testing::recording_backend;

/// Reads the input a byte at a time; past its end every read is 0.
struct reader {
    const std::uint8_t* data;
    std::size_t size;
    std::uint8_t byte() { return size == 0 ? 0 : (--size, *data++); }
    std::uint32_t u32() {
        std::uint32_t value = 0;
        for (int i = 0; i < 4; ++i) value = value << 8 | byte();
        return value;
    }
};

[[noreturn]] void violated(const char* what, const std::optional<accy::error>& failure) {
    std::fprintf(stderr, "launch_fuzzer: invariant violated: %s\n", what);
    if (failure) std::fprintf(stderr, "  error: %s\n", failure->what());
    std::abort();
}

constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();

bool ref_wraps(const buffer& b) { return b.byte_size != 0 && b.address > top - (b.byte_size - 1); }
bool ref_overlap(const buffer& a, const buffer& b) {
    if (a.byte_size == 0 || b.byte_size == 0) return false;
    const unsigned __int128 a_end = static_cast<unsigned __int128>(a.address) + a.byte_size;
    const unsigned __int128 b_end = static_cast<unsigned __int128>(b.address) + b.byte_size;
    return a.address < b_end && b.address < a_end;
}

/// A made-up buffer of id `id`: apart from every other, up to the recording backend's slot size.
buffer made_up(recording_backend::object_id id, std::size_t size) {
    return recording_backend::buffer_for(id, std::min<std::size_t>(size, recording_backend::made_up_slot));
}

/// One buffer from the input: its address kind and its size kind.
buffer read_buffer(reader& in, std::uint64_t slot, std::size_t needed, const std::vector<buffer>& earlier) {
    const std::uint8_t kind = in.byte();
    const std::uint8_t size_kind = in.byte();
    std::size_t size = 0;
    switch (size_kind % 5) {
    case 0: size = needed; break;
    case 1: size = needed + in.byte(); break;
    case 2: size = needed > 0 ? needed - 1 - (in.byte() % needed) : 0; break;  // too small
    case 3: size = 0; break;
    default: size = static_cast<std::size_t>(in.u32()) << (in.byte() % 33); break;
    }
    switch (kind % 6) {
    case 0: return made_up(1000 + slot, size);                           // apart from every other
    case 1: return {0, size};                                            // null
    case 2: return {top - size + 1 + (in.byte() % 2 == 0 ? 0 : in.byte()), size};  // at the top; may wrap
    case 3:                                                               // inside or across an earlier one
        if (!earlier.empty()) {
            const buffer& other = earlier[in.byte() % earlier.size()];
            return {other.address + (other.byte_size == 0 ? 0 : in.u32() % other.byte_size), size};
        }
        return made_up(2000 + slot, size);
    case 4: return {static_cast<std::uint64_t>(in.u32()) << 32 | in.u32(), size};  // anywhere
    default: return made_up(3000 + slot, size);
    }
}

/// One of three formats, or for a byte of 3 modulo 4 any 32-bit value cast to `accy::format`, most of them outside it.
accy::format read_format(reader& in) {
    constexpr accy::format formats[] = {accy::format::cuda_ptx, accy::format::metal_msl, accy::format::host};
    const std::uint8_t choice = in.byte();
    return choice % 4 < 3 ? formats[choice % 4] : static_cast<accy::format>(static_cast<std::int32_t>(in.u32()));
}

/// Whether every stage of `Pipeline` has an entry in `fmt`; false for a value outside `accy::format`.
template <class Pipeline>
bool registry_has(accy::format fmt) {
    return static_cast<std::size_t>(fmt) < accy::detail::format_count && Pipeline::first_stage_without(fmt) == Pipeline::stage_count;
}

template <class Pipeline>
void run_one(reader& in, std::uint8_t flags) {
    recording_backend device;
    const accy::format fmt = read_format(in);
    const accy::format pool_format = read_format(in);
    const std::uint32_t n = (flags & 0x80) ? in.u32() : in.byte() * 97u;
    const bool with_pool = flags & 1, with_scratch = flags & 2;
    const std::size_t operand_count = in.byte() % 8 == 0 ? in.byte() % 3 : 1;
    const std::size_t result_count = in.byte() % 8 == 0 ? in.byte() % 3 : 1;
    const std::size_t scratch_count = in.byte() % 8 == 0 ? in.byte() % 4 : 2;

    // What each declared buffer needs, computed here: n floats, and ceil(n / 64) floats of scratch.
    const std::size_t data_bytes = std::size_t{n} * sizeof(float);
    const std::size_t tile_bytes = (std::size_t{n} + 63) / 64 * sizeof(float);
    std::vector<buffer> operands, results, scratch, all;
    for (std::size_t i = 0; i < operand_count; ++i) all.push_back(operands.emplace_back(read_buffer(in, all.size(), data_bytes, all)));
    for (std::size_t i = 0; i < result_count; ++i) all.push_back(results.emplace_back(read_buffer(in, all.size(), data_bytes, all)));
    if (with_scratch)
        for (std::size_t i = 0; i < scratch_count; ++i) all.push_back(scratch.emplace_back(read_buffer(in, all.size(), tile_bytes, all)));

    // The fault: none, or one kind of call failing after some successes.
    recording_backend::fault* faults[] = {&device.allocate_fault, &device.create_fault, &device.load_fault,
                                          &device.fill_fault, &device.launch_fault, &device.synchronize_fault};
    const std::uint8_t fault_choice = in.byte();
    recording_backend::fault* armed = fault_choice % 4 == 0 ? faults[(fault_choice / 4) % 6] : nullptr;
    if (armed != nullptr) armed->after = in.byte() % 8;

    std::optional<accy::error> failure;
    {
        std::optional<accy::artifact_pool<Pipeline, recording_backend>> pool;
        if (with_pool) {
            try {
                pool.emplace(accy::load_artifacts<Pipeline>(device, pool_format));
            } catch (const accy::error& loading) {
                const bool loadable = registry_has<Pipeline>(pool_format);
                const errc expected = !loadable ? errc::unsupported_operation
                                                : armed == &device.create_fault ? errc::invalid_artifact
                                                                                : errc::runtime_unavailable;
                if (loading.code() != expected) violated("load_artifacts failed with an unexpected code", loading);
                if (loadable && armed != &device.create_fault && armed != &device.load_fault)
                    violated("load_artifacts failed with no fault armed", loading);
                if (device.live_objects() != 0) violated("a failed load_artifacts left objects", loading);
                return;
            }
        }
        const std::size_t loads_before = device.load_count, creates_before = device.create_count;
        const std::tuple<std::uint32_t> scalars{n};
        try {
            if (with_pool && with_scratch)
                accy::launch_pipeline<Pipeline>(device, fmt, operands, results, scalars, accy::use_pool(*pool),
                                                accy::use_scratch(std::span<const buffer>(scratch)));
            else if (with_pool)
                accy::launch_pipeline<Pipeline>(device, fmt, operands, results, scalars, accy::use_pool(*pool));
            else if (with_scratch)
                accy::launch_pipeline<Pipeline>(device, fmt, operands, results, scalars,
                                                accy::use_scratch(std::span<const buffer>(scratch)));
            else
                accy::launch_pipeline<Pipeline>(device, fmt, operands, results, scalars);
        } catch (const accy::error& thrown) {
            failure = thrown;
        }

        if (std::getenv("ACCY_FUZZ_TRACE") != nullptr)  // to see what the seeds do
            std::fprintf(stderr, "launch_fuzzer: %s\n", failure ? failure->what() : "launched");

        // The first mistake, in the order the checks take them; none: the launch is valid.
        std::optional<errc> mistake;
        const auto first = [&](errc code) {
            if (!mistake) mistake = code;
        };
        if (!registry_has<Pipeline>(fmt)) first(errc::unsupported_operation);
        if (operand_count != 1 || result_count != 1) first(errc::launch_argument_mismatch);
        if (std::is_same_v<Pipeline, accy_test::bounded_scan> && n > 5000) first(errc::launch_argument_mismatch);
        if (with_pool && pool_format != fmt) first(errc::launch_argument_mismatch);
        if (n == 0) first(errc::invalid_artifact);
        if (!mistake) {
            const auto bad = [](const buffer& b, std::size_t needed) {  // every buffer holds floats
                return b.address == 0 || b.address % sizeof(float) != 0 || ref_wraps(b) || b.byte_size < needed;
            };
            bool refused = bad(operands[0], data_bytes) || bad(results[0], data_bytes) || ref_overlap(results[0], operands[0]);
            if (with_scratch) {
                refused = refused || scratch_count != 2;
                for (std::size_t k = 0; k < scratch.size() && !refused; ++k) {
                    refused = bad(scratch[k], tile_bytes) || ref_overlap(scratch[k], operands[0]) || ref_overlap(scratch[k], results[0]);
                    for (std::size_t j = 0; j < k && !refused; ++j) refused = ref_overlap(scratch[k], scratch[j]);
                }
            }
            if (refused) first(errc::launch_argument_mismatch);
        }

        if (mistake) {
            if (!failure) violated("a launch with a mistake succeeded", failure);
            if (failure->code() != *mistake) violated("a rejected launch has the wrong error code", failure);
            if (device.launch_count != 0 || device.allocate_count != 0 || device.fill_count != 0 ||
                device.load_count != loads_before || device.create_count != creates_before)
                violated("a rejected launch launched, allocated or loaded something", failure);
        } else if (failure) {
            if (armed == nullptr || failure->code() != armed->code)
                violated("a valid launch failed with no fault, or not with the fault's code", failure);
        }
    }
    if (device.live_objects() != 0) violated("objects outlived the call", failure);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    reader in{data, size};
    const std::uint8_t flags = in.byte();
    switch ((flags >> 2) % 3) {
    case 0: run_one<accy_test::device_scan>(in, flags); break;
    case 1: run_one<accy_test::bounded_scan>(in, flags); break;
    default: run_one<accy_test::dual_format_scan>(in, flags); break;
    }
    return 0;
}
