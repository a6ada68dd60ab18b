// SPDX-License-Identifier: Apache-2.0
// A broadcast from rank -1.
// expect: accy::pipeline: an accy::broadcast's root rank is negative; ranks are 0 to the rank count - 1
// expect: accy::diagnostic::report<accy::problem::collective_root_negative
// expect: accy::diagnostic::in_stage<1, accy::diagnostic::text<'a', 'c', 'c', 'y', ':', ':', 'b', 'r', 'o', 'a', 'd', 'c', 'a', 's', 't'>, accy::broadcast<-1, accy::intermediate<0>, accy::intermediate<1>
#include <support/collective_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>

using namespace accy;
using accy_test::collectives::n;
using accy_test::collectives::twice;

struct definition : accy_test::collectives::step_definition {
    using stages = accy::stages<stage_of<twice, intermediate<0>, operand<0>, n>,
                                broadcast<-1, intermediate<0>, intermediate<1>>,  // mistake
                                stage_of<twice, result<0>, intermediate<1>, n>>;
};

int main() {
    testing::recording_backend backend;
    testing::recording_communicator rank{0, 2};
    const std::array<buffer, 1> operands{}, results{};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, pipeline<definition>::runtime_scalars(1000u),
                                          use_communicator(rank));
}
