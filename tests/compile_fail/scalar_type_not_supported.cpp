// SPDX-License-Identifier: Apache-2.0
// A runtime scalar declared as a pointer: device memory is passed as an operand, a result or an intermediate.
// expect: accy::scalar<Name, T>: T must be a number (i32, u32, i64, u64, f32, f64, u8) or a trivially copyable struct
// expect: accy::diagnostic::report<accy::problem::scalar_type_not_supported
// expect: in_scalar<1, accy::diagnostic::text<'d', 'a', 't', 'a'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"data", const float*>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results,
                                          std::tuple<std::uint32_t, const float*>{1000, nullptr});
}
