// SPDX-License-Identifier: Apache-2.0
// A format::host entry whose payload is PTX text, not a host function.
// expect: accy::pipeline: a stage's kernel entry has a payload of another format: a format::host entry takes payload::from_host(function), and only it does
// expect: accy::diagnostic::report<accy::problem::payload_not_of_format
// expect: in_stage<0, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'b', 'l', 'o', 'c', 'k', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::in_entry<accy::format::host, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'b', 'l', 'o', 'c', 'k', '_', 's', 'c', 'a', 'n'>, 4>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

inline constexpr auto registry_of_text = [] {
    const auto host = accy_test::scan_entries(format::host);  // mistake: payload::from_text(...) in host entries
    return make_registry(host[0], host[1], host[2]);
}();

struct definition : accy_test::device_scan_definition {
    static constexpr const auto& registry = registry_of_text;
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t>{1000});
}
