// A kernel entry derives its grid's y from scalar 1, but the kernel takes one scalar.
// expect: static assertion failed: accy::pipeline: a stage's kernel entry derives a grid dimension from a scalar index at or past its scalar_count
// expect: accy::diagnostic::report<accy::problem::geometry_scalar_out_of_range
// expect: in_stage<0, accy::stage<accy::fixed_string<18>{"compile_fail.fill"}
// expect: at_grid_dimension<1>
// expect: entry_declares<accy::format::cuda_ptx, 1, 1>
#include <accy/accy.hpp>

#include <cstdint>
#include <string_view>
#include <vector>

using namespace accy;

inline constexpr auto kernels = make_registry(kernel_entry{
    "compile_fail.fill", 1, format::cuda_ptx, "fill", {access::write}, 1, payload::from_text("// fill"),
    launch_geometry{{grid_dim::fixed(1), grid_dim::ceil_div(1, 64), grid_dim::fixed(1)}, {64, 1, 1}}});  // mistake

struct definition {
    static constexpr std::string_view target = "compile_fail.fill_pipeline";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = kernels;
    static constexpr std::size_t operand_count = 0, result_count = 1, runtime_scalar_count = 1;
    using intermediates = accy::intermediates<>;
    using stages = accy::stages<stage<"compile_fail.fill", 1, buffers<result<0>>, scalars<forward<0>>>>;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands, results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
