// SPDX-License-Identifier: Apache-2.0
// A box of 32 x 16 f16 elements, its rows of 64 bytes wider than the 32-byte swizzle.
// expect: accy::tensor_map<Buffer, extents<...>, box<...>, options>: give the box one size per extent, each 1 to 256 elements, its innermost row a multiple of 16 bytes and no wider than the swizzle's span (32, 64 or 128 bytes)
// expect: accy::diagnostic::report<accy::problem::tensor_map_box_invalid
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

using map = tensor_map<operand<0>, extents<columns, rows>, box<32, 16>,
                       tensor_map_options{.swizzle = tensor_map_swizzle::bytes_32}>;  // mistake

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<accy_test::tensor_map_definition<map>>>(backend, format::cuda_ptx, operands, results,
                                                                    std::tuple<std::uint32_t, std::uint32_t>{16, 32});
}
