// SPDX-License-Identifier: Apache-2.0
// A host communicator given to a launch on the recording backend.
// expect: accy::launch_pipeline: use_communicator(c) takes a communicator the backend runs collectives through: an accy::host::communicator on the host backend, an accy::nccl::communicator on the CUDA backend
#include <support/collective_pipeline.hpp>

#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <array>

using namespace accy;
using accy_test::collectives::step;

int main() {
    testing::recording_backend backend;
    host::communicator rank(host::rank_group(1), 0);
    const std::array<buffer, 1> operands{}, results{};
    launch_pipeline<step>(backend, format::cuda_ptx, operands, results, step::runtime_scalars(1000u), use_communicator(rank));  // mistake
}
