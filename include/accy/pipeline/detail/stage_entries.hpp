// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::stage_entries<Definition>`: where each stage's kernel entries lie in the
// registry, found in about (stages + entries) × log(entries) constant-evaluation steps rather than
// stages × entries comparisons of names, so that large registries stay within the compilers' limits.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/format.hpp>
#include <accy/pipeline/definition.hpp>
#include <accy/pipeline/stage.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace accy::detail {

/// The FNV-1a hash of a target name.
constexpr std::uint64_t hash_of(std::string_view text) noexcept {
    std::uint64_t hash = 14695981039346656037ull;
    for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
    return hash;
}

/// An entry's target hash, version and registry index in one number: sorting and searching compare integers.
constexpr wide_uint entry_key(std::uint64_t hash, std::uint32_t version, std::uint32_t index) noexcept {
    return (wide_uint{hash} << 64) | (wide_uint{version} << 32) | index;
}

// The sort and the searches below are written out, not <algorithm>'s: that header costs every TU
// about 0.09 s to read (docs/performance.md, "Each header's own cost").

/// Sorts `keys` ascending, in place: a heap sort, n log n steps at most for any order.
template <std::size_t Size>
constexpr void sort_keys(std::array<wide_uint, Size>& keys) noexcept {
    const auto sift_down = [&keys](std::size_t root, std::size_t end) {
        for (std::size_t child = 2 * root + 1; child < end; root = child, child = 2 * root + 1) {
            if (child + 1 < end && keys[child] < keys[child + 1]) ++child;
            if (!(keys[root] < keys[child])) return;
            const wide_uint larger = keys[child];
            keys[child] = keys[root];
            keys[root] = larger;
        }
    };
    for (std::size_t root = Size / 2; root-- > 0;) sift_down(root, Size);
    for (std::size_t end = Size; end-- > 1;) {
        const wide_uint largest = keys[0];
        keys[0] = keys[end];
        keys[end] = largest;
        sift_down(0, end);
    }
}

/// The first index from `first` on whose key is not below `key` (`lower_bound`).
template <std::size_t Size>
constexpr std::size_t first_not_below(const std::array<wide_uint, Size>& keys, std::size_t first, wide_uint key) noexcept {
    std::size_t last = Size;
    while (first < last) {
        const std::size_t middle = first + (last - first) / 2;
        if (keys[middle] < key) first = middle + 1;
        else last = middle;
    }
    return first;
}

template <class Definition>
struct stage_entries {
    static constexpr const auto& entries = Definition::registry.entries;
    static constexpr const auto& stage_infos =
        detail::stage_infos<typename Definition::stages, typename definition_traits<Definition>::scalars>::values;

    /// Every entry's key, sorted: the entries of one (target, version) are adjacent, in registry order.
    static constexpr auto sorted = [] {
        std::array<wide_uint, entries.size()> keys{};
        for (std::size_t e = 0; e < entries.size(); ++e)
            keys[e] = entry_key(hash_of(entries[e].target), entries[e].version, static_cast<std::uint32_t>(e));
        sort_keys(keys);
        return keys;
    }();

    struct positions {
        std::size_t first = 0, last = 0;  ///< in `sorted`
    };

    /// Where each stage's candidates lie in `sorted`: the entries whose target hash and version are the stage's.
    static constexpr auto candidates = [] {
        std::array<positions, stage_infos.size()> found{};
        for (std::size_t s = 0; s < stage_infos.size(); ++s) {
            const std::uint64_t hash = hash_of(stage_infos[s].target);
            // Keys hold indices below UINT32_MAX, so the stage's keys end before (hash, version, UINT32_MAX).
            const std::size_t first = first_not_below(sorted, 0, entry_key(hash, stage_infos[s].version, 0));
            found[s] = {first, first_not_below(sorted, first, entry_key(hash, stage_infos[s].version, UINT32_MAX))};
        }
        return found;
    }();

    /// The registry index of candidate `k`.
    static constexpr std::size_t entry_at(std::size_t k) noexcept { return static_cast<std::size_t>(sorted[k] & UINT32_MAX); }

    /// Whether candidate `k` of stage `s` is one of its entries (its hash may be another name's).
    static constexpr bool belongs(std::size_t s, std::size_t k) noexcept {
        return entries[entry_at(k)].target == stage_infos[s].target;
    }

    /// Each stage's entry in each format, the one place a (target, version, format) is matched: its
    /// registry index, the first one where the registry has two (which `diagnose` reports), or -1.
    static constexpr auto by_format = [] {
        std::array<std::array<std::ptrdiff_t, format_count>, stage_infos.size()> table{};
        for (std::size_t s = 0; s < stage_infos.size(); ++s) {
            table[s].fill(-1);
            for (std::size_t k = candidates[s].first; k < candidates[s].last; ++k) {
                if (!belongs(s, k)) continue;
                std::ptrdiff_t& found = table[s][static_cast<std::size_t>(entries[entry_at(k)].format)];
                if (found < 0) found = static_cast<std::ptrdiff_t>(entry_at(k));
            }
        }
        return table;
    }();
};

}  // namespace accy::detail
