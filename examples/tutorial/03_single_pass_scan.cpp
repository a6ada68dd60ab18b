// SPDX-License-Identifier: Apache-2.0
// Tutorial 03: a kernel whose blocks depend on each other, and the state it keeps between launches.
// The single-pass scan of examples/single_pass_scan/ (an inclusive scan, out[i] = in[0] + ... + in[i],
// in one stage) is run here as it is, on the GPU where its CUDA kernel is built and a device
// answers, else on the host backend. Its code stays where it is; this file says where to read it
// and what it teaches:
//   - a workspace of status words that blocks publish to and read (decoupled look-back), declared
//     kept_zero: zeroed once when allocated, and left zeroed by every launch, so that no launch or
//     graph replay spends a memset on it;
//   - dynamic shared memory in the kernel's geometry, which the backend gives every block;
//   - why the look-back cannot hang on the host backend, whose blocks run on a thread pool.
// It launches the scan hot over sizes from one element to millions on random 32-bit integers, with
// one scratch throughout, and checks every output against a C++ scan and the status words against
// zero after every launch. Steps 00 to 02 come first.
// Run: accy_tutorial_03_single_pass_scan
//
// The kernel's declaration (single_pass_scan/single_pass_entries.hpp):
//     scan<T>  (T* result, const T* input, std::uint64_t* status, std::uint32_t n, std::uint32_t blocks)
//     .geometry = {{grid_dim::ceil_div(4, 1), ...}, {256, 1, 1}, {2 * 9216 * sizeof(T)}}   (T of 4 bytes)
// The grid is parameter 4, `blocks`, itself derived from n by the pipeline; every block of 256
// threads has 72 KiB of dynamic shared memory: two staged tiles of 36 KiB (9216 elements of 4 bytes),
// one arriving while the block scans the other (common/look_back_tiles.hpp). The CUDA backend opts the
// kernel in to more than 48 KiB when it loads it; the host backend gives every block its own bytes,
// `block.shared_as<T>()`. The geometry states the amount once, for every format.
//
// The pipeline (single_pass_scan/single_pass_pipeline.hpp, its derivations in common/look_back.hpp),
// for n elements:
//     blocks     = look_back_blocks<T, n, 512>  min(ceil(n / 8192), 512): a block per register tile, at most 512
//     workspaces = look_back_status<look_back_words<T, n, 512>>
//                  kept_zero<shape<u64, max(blocks, ceil(n / 9216) + 1)>>: a word per tile (+ a count of
//                  tiles claimed)
//     stages     = stage_of<scan<T>, result<0>, operand<0>, workspace<0>, n, blocks>
//
// The look-back (common/look_back.hpp on the host, common/cuda/look_back.cuh on the GPU): each tile
// sums its elements, publishes its total in its status word (flag "aggregate"), then walks back over
// its predecessors' words, adding their values, until it meets one flagged "inclusive prefix": the sum
// of everything before. It publishes its own inclusive prefix and scans its elements after the sum
// before it. One pass over the data, no second kernel, but a tile waits on the tiles before it.
//
// Why it cannot hang on the host: the host backend's threads take blocks in increasing order, and
// blocks claim staged tiles from a count, in increasing order too, so every tile a block waits for is
// finished or being worked on by another thread; with one thread, every one is finished. A block that throws sets the launch's failed flag; a waiting
// block checks `block.cancelled()` in `wait_for_status` and throws too instead of waiting for a word
// that will never be written, and the launch reports the first failure.
//
// Keeping the words zero: the launch's last tile waits until every word holds an inclusive prefix (no
// tile reads a word after writing its own prefix), then sets them all back to 0 (`finish_look_back`).
// accy zeroes a kept_zero workspace once, when it allocates it, and trusts the kernel after that.
#include "common/backend_choice.hpp"  // accy_examples::with_backend: CUDA where a device answers, else the host
#include "common/random_values.hpp"
#include "common/wrapping_add.hpp"
#include "single_pass_scan/single_pass_pipeline.hpp"  // the pipeline, its kernels' entries in every format built

#include <accy/accy.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace {

// 32-bit integers: their sums wrap around alike in any order of additions, so the scan of any
// tiling must equal the C++ scan exactly (a float scan would need a tolerance: examples/scan/scan_check.hpp).
using T = std::int32_t;
using scan = accy_examples::single_pass::pipeline<T>;

// One element; two register tiles (8193 > 8192), so tile 1 looks back; more tiles than one look-back
// window of the GPU kernel holds (32); 4194305 > 512 * 8192, so 512 blocks claim staged tiles of 9216,
// fewer tiles than blocks; then two or three staged tiles per block.
constexpr std::array<std::uint32_t, 5> sizes{1, 8193, 300001, 4194305, 9437185};
constexpr std::uint32_t largest = *std::max_element(sizes.begin(), sizes.end());

// The first position where `out` is not the inclusive scan of `in`, or none.
std::optional<std::size_t> first_mismatch(const std::vector<T>& in, const std::vector<T>& out) {
    T running = 0;
    for (std::size_t i = 0; i < in.size(); ++i)
        if (out[i] != (running = accy_examples::wrapping_add(running, in[i]))) return i;
    return std::nullopt;
}

template <class Backend, class Format>
int run(Backend& device, Format format, std::mt19937& random) {
    std::printf("the single-pass scan of int32 on the %.*s backend\n", static_cast<int>(Backend::name.size()), Backend::name.data());
    accy::device_buffer<T, Backend> in(device, largest), out(device, largest);

    // Pool and scratch once, as in step 02. The scratch here is one workspace, the status words,
    // allocated for the largest n and zeroed by accy now, once.
    const auto pool = accy::load_artifacts<scan>(device, format);
    const auto scratch = accy::allocate_scratch<scan>(device, scan::runtime_scalars(largest));
    const accy::buffer status = scratch.buffers()[0];  // the intermediates (none here), then the workspaces

    int failed = 0;
    for (const std::uint32_t n : sizes) {
        const std::vector<T> input = accy_examples::random_values<T>(random, n);
        in.upload(input);
        const auto scalars = scan::runtime_scalars(n);
        accy::launch_pipeline<scan>(device, format, std::array{in.view()}, std::array{out.view()}, scalars, accy::use_pool(pool),
                                    accy::use_scratch(scratch));
        device.synchronize(std::nullopt);

        // Every launch after the first finds the words as the launch before left them: a launch that
        // left one set would make the next launch's tile take a stale prefix, and its output wrong.
        const std::optional<std::size_t> wrong = first_mismatch(input, out.download(n));
        std::vector<std::uint64_t> words(status.byte_size / sizeof(std::uint64_t));
        device.download(words.data(), status, status.byte_size);
        const auto set_words = std::count_if(words.begin(), words.end(), [](std::uint64_t word) { return word != 0; });

        using namespace accy_examples;
        const bool staged = !look_back_tiles::register_tiles_cover<T>(single_pass::register_tiles_at_most, n);
        std::printf("  n = %7u, %s tiles: %s, %lld of %zu status words left set\n", n, staged ? "staged" : "register",
                    wrong ? "WRONG" : "matches the C++ scan", static_cast<long long>(set_words), words.size());
        if (wrong) std::fprintf(stderr, "n = %u: first mismatch at %zu\n", n, *wrong);
        failed += wrong || set_words != 0 ? 1 : 0;
    }
    return failed == 0 ? 0 : accy_examples::exit_mismatch;
}

}  // namespace

int main() {
    // The wiring as accy reads it: the derived blocks and status words, the kept_zero workspace, and
    // the stage's grid, block and dynamic shared memory.
    std::cout << accy::describe<scan>();
    std::mt19937 random(std::random_device{}());
    try {
        return accy_examples::with_backend(accy_examples::backend_choice::automatic,
                                           [&](auto& device, auto format) { return run(device, format, random); });
    } catch (const accy::error& failure) {
        std::fprintf(stderr, "%s\n", failure.what());
        return accy_examples::exit_error;
    }
}
