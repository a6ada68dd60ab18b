// SPDX-License-Identifier: Apache-2.0
// An operand's extent adds a u64 and an i32, which no type holds both of.
// expect: accy::pipeline: an arithmetic derivation mixes a u64 with a signed integer
// expect: accy::diagnostic::report<accy::problem::no_common_type
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::operand, 0, accy::shape<accy::dtype::f32, accy::sum<accy::forward<1>, accy::forward<2>
// expect: accy::diagnostic::reads_scalar<1, accy::diagnostic::text<'c', 'o', 'u', 'n', 't'>
// expect: accy::diagnostic::reads_scalar<2, accy::diagnostic::text<'o', 'f', 'f', 's', 'e', 't'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"count", std::uint64_t>, scalar<"offset", std::int32_t>>;
    using operands = accy::operands<shape<dtype::f32, sum<forward<1>, forward<2>>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t, std::uint64_t, std::int32_t>{1000, 1000, 0});
}
