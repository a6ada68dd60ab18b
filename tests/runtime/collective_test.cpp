// SPDX-License-Identifier: Apache-2.0
// Collective stages on the recording backend (pipeline/collective.hpp, runtime/detail/impl/run.hpp):
// each runs through the launch's communicator between the kernels' launches, with NCCL's counts,
// its buffers bound where the kernels' are; a call whose buffers do not fit the rank count, or whose
// root or peer is not a rank, is refused before any stage launches; describe names them.
#include "support/collective_pipeline.hpp"
#include "support/errors.hpp"

#include <accy/accy.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstdint>
#include <string>

namespace {

using accy::collective_kind;
using accy::testing::recording_backend;
using accy::testing::recording_communicator;
using accy_test::fails_with;
namespace collectives = accy_test::collectives;

}  // namespace

BOOST_AUTO_TEST_SUITE(collective_stages)

BOOST_AUTO_TEST_CASE(an_all_reduce_runs_between_the_kernels_on_the_launchs_stream) {
    recording_backend device;
    recording_communicator rank{1, 4};
    const std::array operands{recording_backend::buffer_for(1001, 4000)};
    const std::array results{recording_backend::buffer_for(1002, 4000)};
    accy::launch_pipeline<collectives::step>(device, accy::formats::cuda_ptx, operands, results,
                                             collectives::step::runtime_scalars(1000u), accy::on_stream(7u),
                                             accy::use_communicator(rank));
    BOOST_TEST_REQUIRE(rank.collectives.size() == 1u);
    const recording_communicator::record& made = rank.collectives[0];
    BOOST_TEST((made.call.kind == collective_kind::all_reduce));
    BOOST_TEST((made.call.op == accy::reduction::sum));
    BOOST_TEST((made.call.type == accy::dtype::f32));
    BOOST_TEST(made.call.count == 1000u);
    BOOST_TEST((made.on == std::optional<recording_backend::stream>(7u)));
    BOOST_TEST_REQUIRE(device.launches.size() == 2u);
    // The all-reduce reads what the first kernel wrote and writes what the second reads.
    BOOST_TEST(made.call.from.address == device.launches[0].value<std::uint64_t>(0));
    BOOST_TEST(made.call.to.address == device.launches[1].value<std::uint64_t>(1));
    BOOST_TEST(made.call.from.address != made.call.to.address);
}

BOOST_AUTO_TEST_CASE(each_collective_has_nccls_counts_and_its_rank) {
    recording_backend device;
    recording_communicator rank{2, 3};
    const std::uint32_t n = 100;
    const std::array operands{recording_backend::buffer_for(1001, n * 4)};
    const std::array results{recording_backend::buffer_for(1002, 3 * n * 4), recording_backend::buffer_for(1003, n * 4),
                             recording_backend::buffer_for(1004, n * 4)};
    accy::launch_pipeline<collectives::every>(device, accy::formats::cuda_ptx, operands, results,
                                              collectives::every::runtime_scalars(n, 3u, 0, 1), accy::use_communicator(rank));
    BOOST_TEST_REQUIRE(rank.collectives.size() == 5u);
    const std::array kinds{collective_kind::all_gather, collective_kind::reduce_scatter, collective_kind::broadcast,
                           collective_kind::send, collective_kind::receive};
    const std::array ranks{0, 0, 0, 0, 1};  // the broadcast's root, the send's and receive's peers
    for (std::size_t k = 0; k < kinds.size(); ++k) {
        BOOST_TEST((rank.collectives[k].call.kind == kinds[k]), "collective " << k);
        BOOST_TEST(rank.collectives[k].call.count == n, "collective " << k << ": per rank for all_gather and reduce_scatter");
        BOOST_TEST(rank.collectives[k].call.rank == ranks[k], "collective " << k);
    }
    BOOST_TEST(rank.collectives[0].from_id == 1001u);
    BOOST_TEST(rank.collectives[0].to_id == 1002u);
    BOOST_TEST(rank.collectives[3].from_id == 1001u);
    BOOST_TEST(rank.collectives[4].to_id == 1004u);
    // The send and the receive after it are one group, one call of the communicator; the others each its own.
    for (std::size_t k = 0; k < 3; ++k) BOOST_TEST(rank.collectives[k].group == k);
    BOOST_TEST(rank.collectives[3].group == 3u);
    BOOST_TEST(rank.collectives[4].group == 3u);
    BOOST_TEST(device.launches.empty());
}

BOOST_AUTO_TEST_CASE(a_call_that_does_not_fit_the_rank_count_is_refused_before_any_stage_runs) {
    const std::uint32_t n = 100;
    const std::array operands{recording_backend::buffer_for(1001, n * 4)};
    const std::array results{recording_backend::buffer_for(1002, 4 * n * 4), recording_backend::buffer_for(1003, n * 4),
                             recording_backend::buffer_for(1004, n * 4)};
    const auto refused = [&](int ranks, std::uint32_t declared_ranks, std::int32_t peer, const std::string& reason) {
        recording_backend device;
        recording_communicator rank{0, ranks};
        BOOST_CHECK_EXCEPTION(accy::launch_pipeline<collectives::every>(
                                  device, accy::formats::cuda_ptx, operands, results,
                                  collectives::every::runtime_scalars(n, declared_ranks, peer, 0), accy::use_communicator(rank)),
                              accy::error, fails_with(accy::errc::launch_argument_mismatch, {reason}));
        BOOST_TEST(rank.collectives.empty());
    };
    refused(2, 4, 1,
            "launch_pipeline of pipeline 'accy.test.collectives.every' v1, stage 0 ('accy::all_gather'): its result holds 400 "
            "elements, and 2 ranks of 100 elements make 200");
    refused(4, 4, 4, "stage 3 ('accy::send'): the peer is rank 4, outside the 4 ranks");
}

BOOST_AUTO_TEST_CASE(describe_names_each_collective_and_its_buffers) {
    const std::string text = accy::describe<collectives::every>();
    BOOST_TEST(text.find("stage 0: accy::all_gather, operand<0> -> result<0>\n") != std::string::npos, text);
    BOOST_TEST(text.find("stage 1: accy::reduce_scatter (sum), result<0> -> intermediate<0>\n") != std::string::npos, text);
    BOOST_TEST(text.find("stage 2: accy::broadcast from rank 0, intermediate<0> -> result<1>\n") != std::string::npos, text);
    BOOST_TEST(text.find("stage 3: accy::send operand<0>, to rank next\n") != std::string::npos, text);
    BOOST_TEST(text.find("stage 4: accy::receive into result<2>, from rank previous\n") != std::string::npos, text);
}

BOOST_AUTO_TEST_SUITE_END()
