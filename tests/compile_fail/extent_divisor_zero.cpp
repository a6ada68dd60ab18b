// An intermediate's extent divides by zero.
// expect: static assertion failed: accy::pipeline: an intermediate's extent is ceil_div<i, 0>, a division by zero
// expect: accy::diagnostic::report<accy::problem::extent_divisor_zero
// expect: in_intermediate<0, accy::scratch<accy::dtype::f32, accy::ceil_div<0, 0>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using intermediates = accy::intermediates<scratch<dtype::f32, ceil_div<0, 0>>,  // mistake
                                              scratch<dtype::f32, ceil_div<0, 64>>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
