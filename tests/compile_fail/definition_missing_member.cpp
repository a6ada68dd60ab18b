// A pipeline definition forgets runtime_scalar_count.
// expect: static assertion failed: accy::pipeline<Definition>: Definition must declare target, version, registry, operand_count, result_count, runtime_scalar_count, intermediates and stages as static members
// expect: accy::pipeline<definition>
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <string_view>
#include <vector>

using namespace accy;

struct definition {
    static constexpr std::string_view target = "compile_fail.missing_member";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = accy_test::seed_registry;
    static constexpr std::size_t operand_count = 1, result_count = 1;  // mistake: no runtime_scalar_count
    using intermediates = accy_test::device_scan_definition::intermediates;
    using stages = accy_test::device_scan_definition::stages;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    const std::vector<std::uint32_t> runtime_scalars{1000};
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, runtime_scalars);
}
