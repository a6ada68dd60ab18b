// SPDX-License-Identifier: Apache-2.0
// An intermediate's extent reads runtime scalar 1 in a pipeline of one runtime scalar.
// expect: accy::pipeline: a derivation forward<i> reads runtime scalar i at or past the number of runtime scalars
// expect: accy::diagnostic::report<accy::problem::scalar_index_out_of_range
// expect: accy::diagnostic::in_buffer<accy::buffer_kind::intermediate, 1, accy::shape<accy::dtype::f32, accy::ceil_div<accy::forward<1>, 64>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using intermediates = accy::intermediates<shape<dtype::f32, ceil_div<n, 64>>,
                                              shape<dtype::f32, ceil_div<forward<1>, 64>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
