// SPDX-License-Identifier: Apache-2.0
// A pipeline with an all_reduce stage launched without a communicator.
// expect: accy::launch_pipeline<P>: P has collective stages, which run through this rank's communicator: pass accy::use_communicator(communicator)
#include <support/collective_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <array>

using namespace accy;
using accy_test::collectives::step;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{}, results{};
    launch_pipeline<step>(backend, format::cuda_ptx, operands, results, step::runtime_scalars(1000u));  // mistake
}
