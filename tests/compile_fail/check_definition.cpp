// SPDX-License-Identifier: Apache-2.0
// accy::check<D> checks a definition that nothing launches: an operand bound to a scalar parameter.
// expect: accy::pipeline: a stage binds a buffer to a scalar or bytes parameter, or a derivation to a buffer parameter
// expect: accy::diagnostic::report<accy::problem::argument_kind_mismatch
// expect: in_stage<2, accy::diagnostic::text<'a', 'c', 'c', 'y', '.', 'k', 'e', 'r', 'n', 'e', 'l', '.', 't', 'e', 's', 't', '.', 'a', 'd', 'd', '_', 'b', 'a', 's', 'e'>
// expect: at_parameter<2, accy::diagnostic::text<'n'>, accy::operand<0>
#include <support/scan_pipeline.hpp>

using namespace accy;
using accy_test::n;

static_assert(accy::check<accy_test::device_scan_definition>);  // a valid definition passes

struct definition : accy_test::device_scan_definition {
    using stages = accy::stages<
        stage<"accy.kernel.test.block_scan", 1, result<0>, operand<0>, intermediate<0>, n>,
        stage<"accy.kernel.test.sums_scan", 1, intermediate<1>, intermediate<0>, ceil_div<n, 64>>,
        stage<"accy.kernel.test.add_base", 1, result<0>, intermediate<1>, operand<0>>>;  // mistake
};
static_assert(accy::check<definition>);
