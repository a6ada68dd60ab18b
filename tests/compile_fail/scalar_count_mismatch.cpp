// A stage derives two scalars for a kernel of one scalar parameter.
// expect: static assertion failed: accy::pipeline: a stage derives a different number of scalars than its kernel entry declares
// expect: accy::diagnostic::report<accy::problem::scalar_count_mismatch
// expect: in_stage<0, accy::stage<accy::fixed_string<28>{"accy.kernel.test.block_scan"}
// expect: entry_declares<accy::format::cuda_ptx, 3, 1>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, buffers<result<0>, operand<0>, intermediate<0>>,
              scalars<forward<0>, ceil_div<0, 64>>>,  // mistake
        stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>, intermediate<0>>, scalars<ceil_div<0, 64>>>,
        stage<"accy.kernel.test.add_base", 1, buffers<result<0>, intermediate<1>>, scalars<forward<0>>>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
