// SPDX-License-Identifier: Apache-2.0
// A receive into the buffer that the send just before it, in the same group, sends.
// expect: accy::pipeline: consecutive accy::send and accy::receive stages run as one group, whose calls the ranks pair in any order, so none of them may receive into a buffer another of them sends or receives; put another stage between them, or use another buffer
// expect: accy::diagnostic::report<accy::problem::collective_group_shares_a_buffer
// expect: accy::diagnostic::in_stage<2, accy::diagnostic::text<'a', 'c', 'c', 'y', ':', ':', 'r', 'e', 'c', 'e', 'i', 'v', 'e'>, accy::receive<accy::constant<1>, accy::intermediate<0>
#include <support/collective_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>

using namespace accy;
using accy_test::collectives::n;
using accy_test::collectives::twice;

struct definition : accy_test::collectives::step_definition {
    using intermediates = accy::intermediates<shape<dtype::f32, n>>;
    using stages = accy::stages<stage_of<twice, intermediate<0>, operand<0>, n>, send<constant<1>, intermediate<0>>,
                                receive<constant<1>, intermediate<0>>,  // mistake
                                stage_of<twice, result<0>, intermediate<0>, n>>;
};

int main() {
    testing::recording_backend backend;
    testing::recording_communicator rank{0, 2};
    const std::array<buffer, 1> operands{}, results{};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, pipeline<definition>::runtime_scalars(1000u),
                                          use_communicator(rank));
}
