// SPDX-License-Identifier: Apache-2.0
// A u64 runtime scalar bound to block_scan's u32 parameter n without convert<dtype::u32, D>.
// expect: accy::pipeline: a stage binds a derivation whose type the parameter does not hold
// expect: accy::diagnostic::report<accy::problem::argument_type_mismatch
// expect: in_stage<0, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'b', 'l', 'o', 'c', 'k', '_', 's', 'c', 'a', 'n'>
// expect: accy::diagnostic::at_parameter<3, accy::diagnostic::text<'n'>, accy::forward<0>
// expect: accy::diagnostic::reads_scalar<0, accy::diagnostic::text<'n'>
#include <support/scan_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;
using accy_test::n;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint64_t>>;  // mistake: the kernels take a u32 n
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint64_t>{1000});
}
