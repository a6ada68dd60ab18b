// A stage binds operand<0> to a parameter its kernel writes.
// expect: static assertion failed: accy::pipeline: a stage binds an operand to a parameter its kernel writes
// expect: accy::diagnostic::report<accy::problem::operand_written
// expect: in_stage<0, accy::stage<accy::fixed_string<28>{"accy.kernel.test.block_scan"}
// expect: at_buffer<0, accy::operand<0>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, buffers<operand<0>, result<0>, intermediate<0>>, scalars<forward<0>>>,  // mistake
        stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>, intermediate<0>>, scalars<ceil_div<0, 64>>>,
        stage<"accy.kernel.test.add_base", 1, buffers<result<0>, intermediate<1>>, scalars<forward<0>>>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
