// SPDX-License-Identifier: Apache-2.0
// The scratch plan: a pipeline's intermediates and workspaces in one arena, one allocation, where
// buffers live at the same time share no byte and others may. The invariants are checked from what
// the recording backend saw (the arena it allocated, the addresses each stage bound), with lifetimes
// the test works out from the stages itself, for chains of 3, 8 and 30 stages and for pipelines
// drawn at random (lifetimes, extents, stages that wait on their predecessor); then the plan's rules
// for loops, whens, kept_zero workspaces and programmatic dependent launch, and the caller's scratch.
#include "support/chain_pipeline.hpp"
#include "support/errors.hpp"
#include "support/halving_pipeline.hpp"
#include "support/scan_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <tuple>
#include <vector>

namespace {

using accy::testing::recording_backend;
using namespace accy_test;

constexpr std::size_t rounded(std::size_t bytes) { return (bytes + 255) / 256 * 256; }

/// A scratch buffer as the recording shows it: where stage `k` wrote intermediate k, and the stages that bound it.
struct seen_buffer {
    std::uint64_t address = 0;
    std::size_t byte_size = 0;
    std::size_t first = 0, last = 0;  ///< the first and last stage that bound it
};

/// Launches `Chain` cold on the recording backend at `n` and checks what it saw: one allocation,
/// every intermediate inside it at a multiple of 256 bytes, each stage reading the intermediate
/// where the stage that wrote it wrote it, and no two intermediates that are live at the same time
/// (bound in overlapping runs of stages, or one by a stage that waits on its predecessor and the
/// other by a stage it may run beside) sharing a byte. Returns the arena's size.
template <std::size_t Stages, std::uint32_t Seed>
std::size_t check_arena(std::uint32_t n) {
    using pipeline = chain<Stages, Seed>;
    using draw = chain_draw<Seed>;
    recording_backend device;
    const std::array operands{recording_backend::buffer_for(1001, 4 * n), recording_backend::buffer_for(1002, 4 * n)};
    const std::array results{recording_backend::buffer_for(1003, 4 * n)};
    accy::launch_pipeline<pipeline>(device, accy::formats::cuda_ptx, operands, results, std::tuple{n});
    BOOST_TEST_REQUIRE(device.allocate_count == 1u);  // the arena, whatever the count of intermediates
    BOOST_TEST_REQUIRE(device.launches.size() == Stages);
    const std::uint64_t arena = device.allocated_addresses[0];
    const std::size_t arena_bytes = device.allocated_byte_sizes[0];

    std::vector<seen_buffer> seen(Stages - 1);
    for (std::size_t k = 0; k + 1 < Stages; ++k) {
        seen[k] = {device.launches[k].value<std::uint64_t>(0), 4 * (std::size_t{n} * draw::scale(k) + draw::extra(k)), k, k};
        BOOST_TEST(seen[k].address >= arena);
        BOOST_TEST(seen[k].address + seen[k].byte_size <= arena + arena_bytes, "intermediate " << k << " ends inside the arena");
        BOOST_TEST((seen[k].address - arena) % 256 == 0u);
    }
    for (std::size_t s = 1; s < Stages; ++s) {
        BOOST_TEST(device.launches[s].value<std::uint64_t>(1) == seen[s - 1].address);
        seen[s - 1].last = s;
        if (const std::size_t also = draw::second_read(s); also != draw::none) {
            BOOST_TEST(device.launches[s].value<std::uint64_t>(2) == seen[also].address);
            seen[also].last = std::max(seen[also].last, s);
        }
    }
    // A stage that waits may run beside the stages before it, back to one that does not.
    std::vector<std::size_t> runs_beside(Stages);
    for (std::size_t s = 0; s < Stages; ++s)
        runs_beside[s] = s > 0 && device.launches[s].attributes.waits_on_predecessor ? runs_beside[s - 1] : s;
    const auto live_together = [&](const seen_buffer& x, const seen_buffer& y) {
        if (x.first <= y.last && y.first <= x.last) return true;
        for (std::size_t s = x.first; s <= x.last; ++s)  // x bound at s, y at a stage s may run beside
            if (y.last >= runs_beside[s] && y.first <= s) return true;
        return false;
    };
    std::size_t live_peak = 0;
    for (std::size_t s = 0; s < Stages; ++s) {
        std::size_t live = 0;
        for (const seen_buffer& x : seen) live += x.first <= s && s <= x.last ? x.byte_size : 0;
        live_peak = std::max(live_peak, live);
    }
    std::size_t total = 0;
    for (std::size_t x = 0; x < seen.size(); ++x) {
        total += rounded(seen[x].byte_size);
        for (std::size_t y = 0; y < x; ++y)
            if (live_together(seen[x], seen[y]))
                BOOST_TEST(!accy::overlap({seen[x].address, seen[x].byte_size}, {seen[y].address, seen[y].byte_size}),
                           "intermediates " << y << " and " << x << " are live together and share memory (seed " << Seed
                                            << ", n " << n << ")");
    }
    BOOST_TEST(arena_bytes >= live_peak);
    BOOST_TEST(arena_bytes <= total);
    BOOST_TEST(device.live_objects() == 0u);
    return arena_bytes;
}

template <std::uint32_t... Seeds>
void check_random_pipelines(std::uint32_t n) {
    (check_arena<12, Seeds>(n), ...);
}

const std::array sizes{1u, 63u, 64u, 1000u, 4099u, 65536u};

/// The lifetimes the plan gives `Pipeline`'s scratch buffers, as (first, last) pairs.
template <class Pipeline>
std::vector<std::pair<std::size_t, std::size_t>> lifetimes() {
    std::vector<std::pair<std::size_t, std::size_t>> pairs;
    for (const auto& life : accy::detail::scratch_lifetimes<Pipeline>) pairs.emplace_back(life.first, life.last);
    return pairs;
}
using spans = std::vector<std::pair<std::size_t, std::size_t>>;

}  // namespace

BOOST_AUTO_TEST_SUITE(scratch_plan)

BOOST_AUTO_TEST_CASE(a_chain_of_n_element_intermediates_needs_two_of_them_at_any_length) {
    // Intermediate k is written by stage k and read by stage k + 1: two are live at once, never three.
    for (const std::uint32_t n : sizes) {
        const std::size_t two = rounded(4 * std::size_t{n}) + 4 * std::size_t{n};
        const std::array arenas{check_arena<3, 0>(n), check_arena<8, 0>(n), check_arena<30, 0>(n)};
        for (const std::size_t arena : arenas) BOOST_TEST(arena == two, "n " << n);
    }
    const std::size_t million = check_arena<30, 0>(1u << 20);
    BOOST_TEST(million == 2u * (4u << 20));  // 2 n × 4 bytes, not 29 n × 4
}

BOOST_AUTO_TEST_CASE(allocate_scratch_makes_one_arena_and_the_layout_tells_where_each_buffer_lies) {
    recording_backend device;
    const std::tuple<std::uint32_t> n{1000};
    const auto scratch = accy::allocate_scratch<chain<30>>(device, n);
    BOOST_TEST(device.allocate_count == 1u);
    BOOST_TEST(scratch.arena().address == device.allocated_addresses[0]);
    BOOST_TEST(scratch.arena().byte_size == 4096u + 4000u);
    const auto layout = accy::layout_scratch<chain<30>>(n);
    BOOST_TEST(layout.byte_size == scratch.arena().byte_size);
    for (std::size_t k = 0; k < scratch.size; ++k) {
        BOOST_TEST(scratch[k].address == scratch.arena().address + layout.places[k].address);
        BOOST_TEST(scratch[k].byte_size == 4000u);
        BOOST_TEST(layout.places[k].address == (k % 2 == 0 ? 0u : 4096u));  // alternating: the chain's two buffers
    }
    // A caller's arena of the layout's size: its buffers are the ones allocate_scratch places.
    const accy::buffer mine = recording_backend::buffer_for(2001, layout.byte_size);
    const auto placed = layout.buffers_in(mine);
    for (std::size_t k = 0; k < scratch.size; ++k)
        BOOST_TEST(placed[k].address - mine.address == scratch[k].address - scratch.arena().address);
    const std::array operands{recording_backend::buffer_for(1001, 4000), recording_backend::buffer_for(1002, 4000)};
    const std::array results{recording_backend::buffer_for(1003, 4000)};
    accy::launch_pipeline<chain<30>>(device, accy::formats::cuda_ptx, operands, results, n, accy::use_scratch(placed));
    BOOST_TEST(device.allocate_count == 1u);
    BOOST_TEST(device.launches.back().value<std::uint64_t>(1) == placed.back().address);

    const std::string small = message_of([&] { static_cast<void>(layout.buffers_in(recording_backend::buffer_for(2002, 4096))); });
    BOOST_TEST(contains(small, "launch_argument_mismatch"));
    BOOST_TEST(contains(small, "the arena holds 4096 bytes, the layout needs 8096"));
    const std::string null = message_of([&] { static_cast<void>(layout.buffers_in({0, 1u << 20})); });
    BOOST_TEST(contains(null, "the arena is a null buffer"));

    // On a stream: the recording backend does not allocate in stream order, so the arena is a plain one, the same.
    const auto on_stream = accy::allocate_scratch<chain<30>>(device, n, accy::on_stream(recording_backend::stream{3}));
    BOOST_TEST(device.allocate_count == 2u);
    BOOST_TEST(on_stream.arena().byte_size == layout.byte_size);
}

BOOST_AUTO_TEST_CASE(pipelines_drawn_at_random_keep_buffers_live_together_apart) {
    for (const std::uint32_t n : {1u, 100u, 4099u})
        check_random_pipelines<1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16>(n);
}

BOOST_AUTO_TEST_CASE(a_stage_that_waits_on_its_predecessor_shares_nothing_with_the_stages_it_may_run_beside) {
    // Seed 4's draw: find a stage that waits; its buffers are live from the stage before it.
    constexpr auto& lives = accy::detail::scratch_lifetimes<chain<12, 4>>;
    std::size_t waiting = 0;
    for (std::size_t s = 1; s < 11; ++s) {
        if (!chain_draw<4>::waits(s)) continue;
        ++waiting;
        BOOST_TEST(lives[s].first <= s - 1, "intermediate " << s << ", written by a stage that waits, is live from stage " << s - 1);
    }
    BOOST_TEST(waiting > 0u);
}

// A first stage that waits may run beside the previous launch's last stages: its buffers are live throughout.
struct waiting_first_definition : chain_definition<0, 4> {
    using stages = accy::stages<accy::stage_of<blend_waiting_kernel, accy::intermediate<0>, accy::operand<0>, accy::operand<1>, chain_n>,
                                accy::stage_of<blend_kernel, accy::intermediate<1>, accy::intermediate<0>, accy::operand<1>, chain_n>,
                                accy::stage_of<blend_kernel, accy::intermediate<2>, accy::intermediate<1>, accy::operand<1>, chain_n>,
                                accy::stage_of<blend_kernel, accy::result<0>, accy::intermediate<2>, accy::operand<1>, chain_n>>;
};

BOOST_AUTO_TEST_CASE(a_first_stage_that_waits_keeps_its_buffers_for_the_whole_launch) {
    BOOST_TEST(lifetimes<accy::pipeline<waiting_first_definition>>() == (spans{{0, 3}, {1, 2}, {2, 3}}));
    BOOST_TEST(lifetimes<chain<4>>() == (spans{{0, 1}, {1, 2}, {2, 3}}));
}

BOOST_AUTO_TEST_CASE(the_scan_pipelines_intermediates_live_together_at_stage_1) {
    BOOST_TEST(lifetimes<device_scan>() == (spans{{0, 1}, {1, 2}}));
    const auto layout = accy::layout_scratch<device_scan>(n_5000);
    BOOST_TEST(layout.places[0].address == 0u);
    BOOST_TEST(layout.places[1].address == 512u);
    BOOST_TEST(layout.byte_size == 512u + 316u);
}

BOOST_AUTO_TEST_CASE(layout_checks_the_scalars_and_sizes_as_a_launch_does) {
    const std::string bounded = message_of([] { accy::layout_scratch<bounded_scan>(std::tuple<std::uint32_t>{5001}); });
    BOOST_TEST(contains(bounded, "launch_argument_mismatch"));
    BOOST_TEST(contains(bounded, "layout_scratch of pipeline 'accy.kernel.test.device_scan'"));
    BOOST_TEST(contains(bounded, "outside its bounds 0 to 5000"));
}

BOOST_AUTO_TEST_CASE(a_loops_buffers_live_through_the_loop_and_a_whens_flag_until_it_starts) {
    // The flag is written by stage 2 only, inside the loop of stages 1 to 2, and read where the when (stage 3) starts.
    BOOST_TEST(lifetimes<halving>() == (spans{{1, 3}}));
}

// A kept_zero workspace stays zero between launches: it shares memory with nothing. A plain one lives at its stage.
struct workspaces_definition : chain_definition<0, 4> {
    using workspaces = accy::workspaces<accy::kept_zero<accy::shape<accy::dtype::f32, chain_n>>, accy::shape<accy::dtype::f32, chain_n>>;
    using stages = accy::stages<accy::stage_of<blend_kernel, accy::intermediate<0>, accy::operand<0>, accy::operand<1>, chain_n>,
                                accy::stage_of<blend_kernel, accy::intermediate<1>, accy::intermediate<0>, accy::workspace<0>, chain_n>,
                                accy::stage_of<blend_kernel, accy::intermediate<2>, accy::intermediate<1>, accy::workspace<1>, chain_n>,
                                accy::stage_of<blend_kernel, accy::result<0>, accy::intermediate<2>, accy::operand<1>, chain_n>>;
};
using with_workspaces = accy::pipeline<workspaces_definition>;

BOOST_AUTO_TEST_CASE(a_kept_zero_workspace_shares_nothing_and_a_plain_one_lives_at_its_stage) {
    BOOST_TEST(lifetimes<with_workspaces>() == (spans{{0, 1}, {1, 2}, {2, 3}, {0, 3}, {2, 2}}));
    const auto layout = accy::layout_scratch<with_workspaces>(std::tuple<std::uint32_t>{64});  // 256 bytes each
    BOOST_TEST(layout.places[0].address == 0u);    // intermediate 0
    BOOST_TEST(layout.places[3].address == 256u);  // the kept_zero workspace, beside it
    BOOST_TEST(layout.places[1].address == 512u);  // intermediate 1, live with both
    BOOST_TEST(layout.places[2].address == 0u);    // intermediate 2, where intermediate 0 was
    BOOST_TEST(layout.places[4].address == 768u);  // workspace 1, live with intermediates 1 and 2 and the kept_zero one
    BOOST_TEST(layout.byte_size == 1024u);
}

BOOST_AUTO_TEST_CASE(a_callers_scratch_may_share_memory_only_between_buffers_never_live_together) {
    recording_backend device;
    const std::tuple<std::uint32_t> n{1000};
    const std::array operands{recording_backend::buffer_for(1001, 4000), recording_backend::buffer_for(1002, 4000)};
    const std::array results{recording_backend::buffer_for(1003, 4000)};
    // Intermediates 0 (stages 0 to 1) and 2 (stages 2 to 3) in the same memory: accepted.
    const accy::buffer shared = recording_backend::buffer_for(2001, 4000);
    const std::array apart{shared, recording_backend::buffer_for(2002, 4000), shared};
    accy::launch_pipeline<chain<4>>(device, accy::formats::cuda_ptx, operands, results, n, accy::use_scratch(apart));
    BOOST_TEST(device.launch_count == 4u);
    // Intermediates 1 and 2 share stage 2: refused before anything launches.
    const std::array together{recording_backend::buffer_for(2003, 4000), shared, shared};
    const std::string refused = message_of([&] {
        accy::launch_pipeline<chain<4>>(device, accy::formats::cuda_ptx, operands, results, n, accy::use_scratch(together));
    });
    BOOST_TEST(contains(refused, "launch_argument_mismatch"));
    BOOST_TEST(contains(refused, "intermediate 2 overlaps intermediate 1, and both are live from stage 2 to stage 2"));
    BOOST_TEST(device.launch_count == 4u);
}

BOOST_AUTO_TEST_SUITE_END()
