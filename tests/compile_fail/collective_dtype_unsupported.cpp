// SPDX-License-Identifier: Apache-2.0
// An all_reduce of i16 elements, which NCCL does not take.
// expect: accy::pipeline: a collective stage's buffers hold i16 or u16 elements, which collectives (NCCL) do not take; use 32-bit elements
// expect: accy::diagnostic::report<accy::problem::collective_dtype_unsupported
// expect: accy::diagnostic::in_stage<0, accy::diagnostic::text<'a', 'c', 'c', 'y', ':', ':', 'a', 'l', 'l', '_', 'r', 'e', 'd', 'u', 'c', 'e'>
#include <support/collective_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>

using namespace accy;
using accy_test::collectives::n;
using accy_test::collectives::twice;

struct definition : accy_test::collectives::step_definition {
    using operands = accy::operands<shape<dtype::i16, n>>;
    using results = accy::results<shape<dtype::i16, n>>;
    using intermediates = accy::intermediates<>;
    using stages = accy::stages<all_reduce<reduction::max, operand<0>, result<0>>>;  // mistake: i16
};

int main() {
    testing::recording_backend backend;
    testing::recording_communicator rank{0, 2};
    const std::array<buffer, 1> operands{}, results{};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, pipeline<definition>::runtime_scalars(1000u),
                                          use_communicator(rank));
}
