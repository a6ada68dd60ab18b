// SPDX-License-Identifier: Apache-2.0
// A result's extent is a float runtime scalar.
// expect: accy::pipeline: a buffer's extent must be an integer derivation
// expect: accy::diagnostic::report<accy::problem::extent_not_an_integer
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::result, 0, accy::shape<accy::dtype::f32, accy::forward<1>
// expect: accy::diagnostic::reads_scalar<1, accy::diagnostic::text<'a', 'l', 'p', 'h', 'a'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"alpha", float>>;
    using results = accy::results<shape<dtype::f32, forward<1>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t, float>{1000, 2.0f});
}
