// SPDX-License-Identifier: Apache-2.0
// A map of two dimensions gives two strides, where it takes one (of dimension 1).
// expect: accy::tensor_map<..., strides<...>>: give one stride per dimension after the first (rank - 1), or strides<> for packed rows
// expect: accy::diagnostic::report<accy::problem::tensor_map_strides_count
// expect: in_stage<0, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 't', 'e', 's', 't', '.', 't', 'i', 'l', 'e'>
// expect: accy::diagnostic::at_parameter<0, accy::diagnostic::text<'m', 'a', 'p'>, accy::tensor_map<accy::operand<0>
#include <support/tensor_map_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::columns;
using accy_test::rows;

using map = tensor_map<operand<0>, extents<columns, rows>, box<32, 16>, tensor_map_options{},
                       strides<product<columns, constant<2u>>, product<columns, constant<2u>>>>;  // mistake

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<accy_test::tensor_map_definition<map>>>(backend, format::cuda_ptx, operands, results,
                                                                    std::tuple<std::uint32_t, std::uint32_t>{16, 32});
}
