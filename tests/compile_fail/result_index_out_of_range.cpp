// A stage binds result<1> in a pipeline of one result.
// expect: static assertion failed: accy::pipeline: a stage binds result<i> with i at or past the pipeline's result_count
// expect: accy::diagnostic::report<accy::problem::result_index_out_of_range
// expect: in_stage<2, accy::stage<accy::fixed_string<26>{"accy.kernel.test.add_base"}
// expect: at_buffer<0, accy::result<1>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, buffers<result<0>, operand<0>, intermediate<0>>, scalars<forward<0>>>,
        stage<"accy.kernel.test.sums_scan", 1, buffers<intermediate<1>, intermediate<0>>, scalars<ceil_div<0, 64>>>,
        stage<"accy.kernel.test.add_base", 1, buffers<result<1>, intermediate<1>>, scalars<forward<0>>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
