// SPDX-License-Identifier: Apache-2.0
// The loop's flag is written by a stage before the loop, and by none inside it.
// expect: accy::pipeline: no stage writes a region's flag where it must
// expect: accy::diagnostic::report<accy::problem::condition_flag_never_written
// expect: accy::diagnostic::in_region<accy::region_kind::repeat_while, 0, 2, 3>
#include <support/halving_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>

using namespace accy;
using namespace accy_test;

struct definition : halving_definition {
    using stages = accy::stages<
        stage_of<copy_kernel, result<0>, operand<0>, n>,
        stage_of<any_above_kernel, intermediate<0>, result<0>, threshold, n>,
        repeat_while<intermediate<0>, forward<1>, stage_of<halve_kernel, result<0>, threshold, n>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results,
                                          pipeline<definition>::runtime_scalars(1000u, 10u, 0.5f));
}
