// SPDX-License-Identifier: Apache-2.0
// The definition's registry is `const`, not `constexpr`: constant expressions cannot read it.
// expect: accy::pipeline: the definition's registry is not a constant expression
// expect: accy::diagnostic::report<accy::problem::registry_not_constant, definition>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;

const auto kernels = accy_test::scan_registry;  // mistake: const, not constexpr

struct definition : accy_test::device_scan_definition {
    static constexpr const auto& registry = kernels;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
