// SPDX-License-Identifier: Apache-2.0
// A pipeline definition forgets its runtime_scalars.
// expect: accy::pipeline<Definition>: Definition must declare target, version, registry, runtime_scalars, operands, results and stages as static members
// expect: accy::pipeline<definition>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <string_view>
#include <tuple>
#include <vector>

using namespace accy;

struct definition {
    static constexpr std::string_view target = "compile_fail.missing_member";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = accy_test::scan_registry;
    // mistake: no runtime_scalars
    using operands = accy_test::device_scan_definition::operands;
    using results = accy_test::device_scan_definition::results;
    using intermediates = accy_test::device_scan_definition::intermediates;
    using stages = accy_test::device_scan_definition::stages;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
