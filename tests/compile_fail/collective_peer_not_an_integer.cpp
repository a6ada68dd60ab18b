// SPDX-License-Identifier: Apache-2.0
// A send to a float runtime scalar's rank.
// expect: accy::pipeline: an accy::send's or accy::receive's peer must be an integer derivation (accy::constant<1>, or a runtime scalar)
// expect: accy::diagnostic::report<accy::problem::collective_peer_not_an_integer
// expect: accy::diagnostic::in_stage<1, accy::diagnostic::text<'a', 'c', 'c', 'y', ':', ':', 's', 'e', 'n', 'd'>, accy::send<accy::forward<1>, accy::intermediate<0>
#include <support/collective_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>

using namespace accy;
using accy_test::collectives::n;
using accy_test::collectives::twice;

struct definition : accy_test::collectives::step_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"peer", float>>;
    using intermediates = accy::intermediates<shape<dtype::f32, n>>;
    using stages = accy::stages<stage_of<twice, intermediate<0>, operand<0>, n>,
                                send<forward<1>, intermediate<0>>,  // mistake: a float
                                stage_of<twice, result<0>, intermediate<0>, n>>;
};

int main() {
    testing::recording_backend backend;
    testing::recording_communicator rank{0, 2};
    const std::array<buffer, 1> operands{}, results{};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, pipeline<definition>::runtime_scalars(1000u, 1.0f),
                                          use_communicator(rank));
}
