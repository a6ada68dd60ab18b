// SPDX-License-Identifier: Apache-2.0
// Defines the decoupled look-back of the examples' host kernels over the status words of
// common/tile_status.hpp, `accy_examples::exclusive_prefix` and `finish_look_back`, which wait for
// words with `wait_for_status` until the launch is cancelled, the claiming of tiles in order,
// `claim_tile`, the workspace that holds the words, `look_back_status`, and the blocks of a launch
// over common/look_back_tiles.hpp's tiles, `look_back_blocks`, and what each does, `work_through_tiles`:
// what common/cuda/look_back.cuh and staged_look_back.cuh do on the GPU, with std::atomic_ref on the words.
#pragma once

#include "common/look_back_tiles.hpp"
#include "common/tile_status.hpp"
#include "common/wrapping_add.hpp"

#include <accy/accy.hpp>

#include <atomic>
#include <bit>
#include <cstdint>
#include <span>
#include <thread>
#include <type_traits>

namespace accy_examples {

/// The workspace of a look-back kernel, `Words` words kept zeroed by the kernel: a status word per
/// tile, which the launch's last tile sets back to zero, so that no launch spends a memset on them,
/// and, where blocks claim tiles, the count of tiles claimed after them.
template <accy::derivation Words>
using look_back_status = accy::kept_zero<accy::shape<accy::dtype::u64, Words>>;

/// The blocks of a launch over `N` elements of T in look_back_tiles: one per register tile where at
/// most `RegisterTilesAtMost` cover N, else that many, which work through staged tiles (those beyond
/// what the device holds at once start once every tile is claimed, and return).
template <class T, accy::derivation N, std::uint32_t RegisterTilesAtMost>
using look_back_blocks =
    accy::min_of<accy::ceil_div<N, look_back_tiles::register_tile<T>::elements>, accy::constant<RegisterTilesAtMost>>;

/// The status words of that launch, whose tiles publish sums of type Sum: a tile's status
/// (tile_status_words) per register tile, or per staged tile and a word for the count of those claimed.
template <class T, class Sum, accy::derivation N, std::uint32_t RegisterTilesAtMost>
using look_back_words = accy::max_of<
    accy::product<look_back_blocks<T, N, RegisterTilesAtMost>, accy::constant<tile_status_words<Sum>>>,
    accy::sum<accy::product<accy::ceil_div<N, look_back_tiles::staged_tile<T>::elements>, accy::constant<tile_status_words<Sum>>>,
              accy::constant<1u>>>;

/// Loads the status of the tile whose words (tile_status_words<Sum>) start at `words` until its flag is
/// `flag`, or any flag where `flag` is 0, and returns it. Throws once `block`'s launch is cancelled
/// (another block threw): the tile that was to set the words may have thrown before it did, and then
/// the wait would never end.
template <class Sum>
tile_status wait_for_status(const accy::host_block& block, std::uint64_t* words, std::uint64_t flag = 0) {
    for (;;) {
        const auto load = [&](std::size_t word) { return std::atomic_ref(words[word]).load(std::memory_order_acquire); };
        tile_status loaded;
        if constexpr (tile_status_words<Sum> == 1) loaded = status_of(load(0));
        else loaded = status_of(load(0), load(1));
        if (flag == 0 ? loaded.flag != 0 : loaded.flag == flag) return loaded;
        if (block.cancelled())
            throw accy::error(accy::errc::device_error, "look-back abandoned: another block of the launch failed");
        std::this_thread::yield();
    }
}

/// Publishes tile `tile_index`'s `aggregate` (a sum of 4 or 8 bytes, tile_status_words), finds the
/// sum of all tiles before it by walking back over their status until one holds an inclusive prefix,
/// publishes its own inclusive prefix and returns the exclusive one. Each predecessor's status is
/// waited for: the host backend's workers claim tiles in increasing order, so every predecessor is
/// finished or being worked on, and the wait ends, or the launch is cancelled (`wait_for_status`).
template <class T>
T exclusive_prefix(const accy::host_block& block, std::span<std::uint64_t> status, std::uint32_t tile_index, T aggregate) {
    constexpr std::uint32_t words = tile_status_words<T>;
    using bits = std::conditional_t<words == 1, std::uint32_t, std::uint64_t>;
    const auto publish = [&](std::uint64_t flag, T value) {
        const auto value_bits = std::uint64_t{std::bit_cast<bits>(value)};
        for (std::uint32_t word = 0; word < words; ++word)
            std::atomic_ref(status[std::size_t{tile_index} * words + word])
                .store(status_word(flag, static_cast<std::uint32_t>(value_bits >> (32 * word))), std::memory_order_release);
    };
    publish(flag_aggregate, aggregate);
    T exclusive{};
    for (std::int64_t predecessor = std::int64_t{tile_index} - 1; predecessor >= 0; --predecessor) {
        const tile_status loaded = wait_for_status<T>(block, &status[static_cast<std::size_t>(predecessor) * words]);
        exclusive = wrapping_add(exclusive, std::bit_cast<T>(static_cast<bits>(loaded.bits)));
        if (loaded.flag == flag_prefix) break;
    }
    publish(flag_prefix, wrapping_add(exclusive, aggregate));
    return exclusive;
}

/// Called by tile `tile_index` of `tiles`, whose sums are of type Sum, once its look-back is over. The
/// last tile waits until every tile's status holds an inclusive prefix (each tile's last write to its
/// status, at the end of its look-back: no tile reads its status after that), then sets them all back
/// to zero for the next launch. The others return at once.
template <class Sum>
void finish_look_back(const accy::host_block& block, std::span<std::uint64_t> status, std::uint32_t tile_index, std::uint32_t tiles) {
    if (tile_index + 1 != tiles) return;
    const std::span<std::uint64_t> words = status.first(std::size_t{tiles} * tile_status_words<Sum>);
    for (std::size_t tile = 0; tile < tiles; ++tile) wait_for_status<Sum>(block, &words[tile * tile_status_words<Sum>], flag_prefix);
    for (std::uint64_t& word : words) std::atomic_ref(word).store(0, std::memory_order_relaxed);
}

/// For a block of a launch of `blocks` that works through tiles until none is left: the next unclaimed
/// of `tiles` tiles, counted by `claimed` (a zeroed word), or `no_tile`. The last claim of the launch
/// (each block's one `no_tile` counted) sets the count back to zero: common/cuda/look_back.cuh's claim_tile.
inline std::uint32_t claim_tile(std::uint64_t& claimed, std::uint32_t tiles, std::uint32_t blocks) {
    const std::uint64_t claim = std::atomic_ref(claimed).fetch_add(1, std::memory_order_relaxed);
    if (claim < tiles) return static_cast<std::uint32_t>(claim);
    if (claim == std::uint64_t{tiles} + blocks - 1) std::atomic_ref(claimed).store(0, std::memory_order_relaxed);
    return no_tile;
}

/// What `block` of a launch over `n` elements of T in look_back_tiles, whose tiles publish sums of type
/// Sum, does, as the CUDA kernels' blocks do: `work.template operator()<Tile>(tile_index, tiles)` for
/// register tile `block_index.x` of `blocks` where the launch's blocks cover n with register tiles,
/// else for each staged tile it claims (counted in the word after the tiles' status) until none is left.
template <class T, class Sum, class Work>
void work_through_tiles(const accy::host_block& block, std::span<std::uint64_t> status, std::uint32_t n, Work&& work) {
    using namespace look_back_tiles;
    const std::uint32_t blocks = block.grid_dim.x;
    if (register_tiles_cover<T>(blocks, n)) return work.template operator()<register_tile<T>>(block.block_index.x, blocks);
    const std::uint32_t tiles = staged_tiles<T>(n);
    std::uint64_t& claimed = status[std::size_t{tiles} * tile_status_words<Sum>];
    for (std::uint32_t tile_index; (tile_index = claim_tile(claimed, tiles, blocks)) != no_tile;)
        work.template operator()<staged_tile<T>>(tile_index, tiles);
}

}  // namespace accy_examples
