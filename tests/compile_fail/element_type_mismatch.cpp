// SPDX-License-Identifier: Apache-2.0
// sums_scan's f32 parameter scanned is bound to an intermediate of u32.
// expect: accy::pipeline: a stage binds a buffer whose shape's dtype differs from the element type its parameter declares
// expect: accy::diagnostic::report<accy::problem::element_type_mismatch
// expect: in_stage<1, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 's', 'u', 'm', 's', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::at_parameter<0, accy::diagnostic::text<'s', 'c', 'a', 'n', 'n', 'e', 'd'>, accy::intermediate<1>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using intermediates = accy::intermediates<shape<dtype::f32, ceil_div<n, 64>>,
                                              shape<dtype::u32, ceil_div<n, 64>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
