// SPDX-License-Identifier: Apache-2.0
// A map's extent derived from a float scalar.
// expect: accy::tensor_map<Buffer, extents<...>, box<...>, options, strides<...>>: extents and strides must be integer derivations; convert<dtype::u64, D> a floating-point one
// expect: accy::diagnostic::report<accy::problem::tensor_map_not_an_integer
// expect: in_stage<0, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 't', 'e', 's', 't', '.', 't', 'i', 'l', 'e'>
// expect: accy::diagnostic::at_parameter<0, accy::diagnostic::text<'m', 'a', 'p'>, accy::tensor_map<accy::operand<0>
// expect: accy::diagnostic::reads_scalar<0, accy::diagnostic::text<'r', 'o', 'w', 's'>
// expect: accy::diagnostic::reads_scalar<1, accy::diagnostic::text<'c', 'o', 'l', 'u', 'm', 'n', 's'>
#include <support/tensor_map_pipeline.hpp>

#include <accy/testing/recording_backend.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::columns;
using accy_test::rows;

using map = tensor_map<operand<0>, extents<convert<dtype::f32, columns>, rows>, box<32, 16>>;  // mistake

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<accy_test::tensor_map_definition<map>>>(backend, format::cuda_ptx, operands, results,
                                                                    std::tuple<std::uint32_t, std::uint32_t>{16, 32});
}
