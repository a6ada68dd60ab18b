// The last stage reads intermediate<0> instead of intermediate<1>, so no stage reads intermediate<1>.
// expect: static assertion failed: accy::pipeline: an intermediate is not read by any stage after the first stage that writes it
// expect: accy::diagnostic::report<accy::problem::intermediate_never_read
// expect: in_intermediate<1, accy::scratch<accy::dtype::f32, accy::ceil_div<0, 64>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, buffers<result<0>, operand<0>, intermediate<0>>, scalars<forward<0>>>,
        stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>, intermediate<0>>, scalars<ceil_div<0, 64>>>,
        stage<"accy.kernel.test.add_base", 1, buffers<result<0>, intermediate<0>>, scalars<forward<0>>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
