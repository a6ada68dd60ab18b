// An intermediate's extent reads runtime scalar 1 in a pipeline of one runtime scalar.
// expect: static assertion failed: accy::pipeline: an intermediate's extent reads a runtime scalar at or past runtime_scalar_count
// expect: accy::diagnostic::report<accy::problem::extent_index_out_of_range
// expect: in_intermediate<1, accy::scratch<accy::dtype::f32, accy::ceil_div<1, 64>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using intermediates = accy::intermediates<scratch<dtype::f32, ceil_div<0, 64>>,
                                              scratch<dtype::f32, ceil_div<1, 64>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
