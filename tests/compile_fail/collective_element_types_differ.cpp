// SPDX-License-Identifier: Apache-2.0
// An all_reduce from an f32 intermediate into a u32 one.
// expect: accy::pipeline: a collective stage's source and result hold elements of different dtypes; a collective moves elements, it does not convert them
// expect: accy::diagnostic::report<accy::problem::collective_element_types_differ
// expect: accy::diagnostic::in_stage<1, accy::diagnostic::text<'a', 'c', 'c', 'y', ':', ':', 'a', 'l', 'l', '_', 'r', 'e', 'd', 'u', 'c', 'e'>, accy::all_reduce<accy::reduction::sum, accy::intermediate<0>, accy::intermediate<1>
#include <support/collective_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <array>
#include <cstdint>

using namespace accy;
using accy_test::collectives::n;
using accy_test::collectives::twice;

struct definition : accy_test::collectives::step_definition {
    using intermediates = accy::intermediates<shape<dtype::f32, n>, shape<dtype::u32, n>>;  // mistake: u32
};

int main() {
    testing::recording_backend backend;
    testing::recording_communicator rank{0, 2};
    const std::array<buffer, 1> operands{}, results{};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, pipeline<definition>::runtime_scalars(1000u),
                                          use_communicator(rank));
}
