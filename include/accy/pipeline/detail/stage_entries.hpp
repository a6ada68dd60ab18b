// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::stage_entries<Definition>`: which registry entries each stage runs, found
// with a hash table of the stages' (target, version) pairs in a constant number of constant-evaluation
// steps per registry entry, and the copies of those entries that launch code reads.
#pragma once

#include <accy/core/format.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/pipeline/definition.hpp>
#include <accy/pipeline/stages.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace accy::detail {

/// A target's length, version and a few of its characters, mixed. Unlike a hash of every character
/// it takes the same few steps for a name of any length (clang stops a constant evaluation after about
/// a million steps, and registries hold thousands of names); names it does not tell apart are compared.
constexpr std::uint64_t name_key(std::string_view target, std::uint32_t version) noexcept {
    // Raw pointer reads and one statement each: clang counts statements and calls, string_view's operator[] is one.
    constexpr std::uint64_t prime = 1099511628211ull;
    const char* text = target.data();
    const std::size_t size = target.size();
    std::uint64_t key = ((14695981039346656037ull ^ size) * prime ^ version) * prime;
    if (size == 0) return key;
    key = (key ^ static_cast<unsigned char>(text[0])) * prime;
    key = (key ^ static_cast<unsigned char>(text[size / 2])) * prime;
    key = (key ^ static_cast<unsigned char>(text[size - 1 - size / 4])) * prime;
    key = (key ^ static_cast<unsigned char>(text[size - 1 - (size > 1)])) * prime;
    return (key ^ static_cast<unsigned char>(text[size - 1])) * prime;
}

template <class Definition>
struct stage_entries {
    static constexpr const auto& entries = Definition::registry.entries;
    static constexpr const auto& stage_infos =
        detail::stage_infos<typename Definition::stages::flat, typename definition_traits<Definition>::scalars>::values;
    static constexpr std::size_t stage_count = stage_infos.size();

    /// Slots of the hash table: a power of two, at least twice the stages, so that probes stay short.
    static constexpr std::size_t slot_count = [] {
        std::size_t slots = 2;
        while (slots < 2 * stage_count) slots *= 2;
        return slots;
    }();

    /// The stages' distinct (target, version) pairs, "groups", and a table from a name's key to its group.
    struct group_table {
        std::array<std::size_t, stage_count> group_of{};     ///< stage → its group
        std::array<std::size_t, stage_count> first_stage{};  ///< group → the first stage of it
        std::array<std::uint64_t, stage_count> key{};        ///< group → name_key
        std::array<std::size_t, slot_count> slots{};         ///< group + 1, or 0 for an empty slot
        std::size_t count = 0;

        static constexpr std::size_t none = static_cast<std::size_t>(-1);

        /// The group of (target, version), or `none`; where it would go is `slot`.
        constexpr std::size_t find(std::uint64_t name, std::string_view target, std::uint32_t version,
                                   std::size_t& slot) const noexcept {
            for (slot = name & (slot_count - 1);; slot = (slot + 1) & (slot_count - 1)) {
                if (slots[slot] == 0) return none;
                const std::size_t group = slots[slot] - 1;
                const stage_info& stage = stage_infos[first_stage[group]];
                if (key[group] == name && stage.version == version && stage.target == target) return group;
            }
        }
        constexpr std::size_t find(std::string_view target, std::uint32_t version) const noexcept {
            std::size_t slot = 0;
            return find(name_key(target, version), target, version, slot);
        }
    };

    static constexpr group_table groups = [] {
        group_table table{};
        for (std::size_t s = 0; s < stage_count; ++s) {
            const stage_info& stage = stage_infos[s];
            const std::uint64_t name = name_key(stage.target, stage.version);
            std::size_t slot = 0;
            std::size_t group = table.find(name, stage.target, stage.version, slot);
            if (group == group_table::none) {
                group = table.count++;
                table.first_stage[group] = s;
                table.key[group] = name;
                table.slots[slot] = group + 1;
            }
            table.group_of[s] = group;
        }
        return table;
    }();

    /// Where each group's entries begin in `matches`, and (last) how many there are in all.
    static constexpr auto match_offsets = [] {
        std::array<std::size_t, stage_count + 1> offsets{};
        for (const kernel_entry& entry : entries)
            if (const std::size_t group = groups.find(entry.target, entry.version); group != group_table::none)
                ++offsets[group + 1];
        for (std::size_t g = 0; g < stage_count; ++g) offsets[g + 1] += offsets[g];
        return offsets;
    }();

    /// The registry indices of every group's entries (target and version the group's), group by group,
    /// each group's in registry order.
    static constexpr auto matches = [] {
        std::array<std::size_t, match_offsets[stage_count]> found{};
        std::array<std::size_t, stage_count + 1> next = match_offsets;
        for (std::size_t e = 0; e < entries.size(); ++e)
            if (const std::size_t group = groups.find(entries[e].target, entries[e].version); group != group_table::none)
                found[next[group]++] = e;
        return found;
    }();

    /// Stage `s`'s entries: `matches[first_match(s)]` up to `matches[end_match(s)]`.
    static constexpr std::size_t first_match(std::size_t s) noexcept { return match_offsets[groups.group_of[s]]; }
    static constexpr std::size_t end_match(std::size_t s) noexcept { return match_offsets[groups.group_of[s] + 1]; }

    /// Each stage's entry in each format, the one place a (target, version, format) is matched: its
    /// registry index, the first one where the registry has two (which `diagnose` reports), or -1.
    static constexpr auto by_format = [] {
        std::array<std::array<std::ptrdiff_t, format_count>, stage_count> table{};
        for (std::size_t s = 0; s < stage_count; ++s) {
            table[s].fill(-1);
            for (std::size_t k = first_match(s); k < end_match(s); ++k) {
                std::ptrdiff_t& found = table[s][static_cast<std::size_t>(entries[matches[k]].format)];
                if (found < 0) found = static_cast<std::ptrdiff_t>(matches[k]);
            }
        }
        return table;
    }();

    /// The entries the stages run: each group's first entry in each format, in group order.
    static constexpr std::size_t used_count = [] {
        std::size_t count = 0;
        for (std::size_t g = 0; g < groups.count; ++g)
            for (const std::ptrdiff_t index : by_format[groups.first_stage[g]]) count += index >= 0;
        return count;
    }();

    /// Copies of the entries the stages run, and where each stage's entry in each format lies among
    /// them (-1: none). Launch code reads these copies, never the registry, so that an object file
    /// holds the entries its pipelines run and not the whole registry.
    struct used_table {
        std::array<kernel_entry, used_count> entries{};
        std::array<std::array<std::ptrdiff_t, format_count>, stage_count> at{};
    };
    static constexpr used_table used = [] {
        used_table table{};
        std::array<std::array<std::ptrdiff_t, format_count>, stage_count> of_group{};
        std::size_t next = 0;
        for (std::size_t g = 0; g < groups.count; ++g)
            for (std::size_t f = 0; f < format_count; ++f) {
                const std::ptrdiff_t index = by_format[groups.first_stage[g]][f];
                of_group[g][f] = index < 0 ? -1 : static_cast<std::ptrdiff_t>(next);
                if (index >= 0) table.entries[next++] = entries[static_cast<std::size_t>(index)];
            }
        for (std::size_t s = 0; s < stage_count; ++s) table.at[s] = of_group[groups.group_of[s]];
        return table;
    }();
};

}  // namespace accy::detail
