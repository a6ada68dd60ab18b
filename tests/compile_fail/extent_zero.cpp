// An intermediate has the fixed extent constant<0>.
// expect: static assertion failed: accy::pipeline: an intermediate has the fixed extent constant<0>
// expect: accy::diagnostic::report<accy::problem::extent_zero
// expect: in_intermediate<1, accy::scratch<accy::dtype::u32, accy::constant<0>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using intermediates = accy::intermediates<scratch<dtype::f32, ceil_div<0, 64>>,
                                              scratch<dtype::u32, constant<0>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
