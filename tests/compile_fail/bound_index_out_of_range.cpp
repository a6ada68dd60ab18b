// A bound names runtime scalar 1 in a pipeline of one runtime scalar.
// expect: static assertion failed: accy::pipeline: a bound max_u32<i, v> names runtime scalar i at or past runtime_scalar_count
// expect: accy::diagnostic::report<accy::problem::bound_index_out_of_range
// expect: in_bound<1, accy::max_u32<1, 5000>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using bounds = accy::bounds<max_u32<0, 5000>, max_u32<1, 5000>>;  // mistake: there is no runtime scalar 1
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
