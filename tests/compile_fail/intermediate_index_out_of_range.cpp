// A stage binds intermediate<2> in a pipeline of two intermediates.
// expect: static assertion failed: accy::pipeline: a stage binds intermediate<i> with i at or past the number of declared intermediates
// expect: accy::diagnostic::report<accy::problem::intermediate_index_out_of_range
// expect: in_stage<1, accy::stage<accy::fixed_string<27>{"accy.kernel.test.sums_scan"}
// expect: at_buffer<0, accy::intermediate<2>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, buffers<result<0>, operand<0>, intermediate<0>>, scalars<forward<0>>>,
        stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<2>, intermediate<0>>, scalars<ceil_div<0, 64>>>,  // mistake
        stage<"accy.kernel.test.add_base", 1, buffers<result<0>, intermediate<1>>, scalars<forward<0>>>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
