// SPDX-License-Identifier: Apache-2.0
// A user's own rule over a pipeline, written with accy::hana_view, that the pipeline breaks: the
// tests' device scan has a stage binding three buffers, and the rule allows two. The one error is
// the user's static_assert.
// expect: my rule: no stage binds more than two buffers
#include <support/scan_pipeline.hpp>

#include <accy/hana.hpp>

#include <boost/hana.hpp>

namespace hana = boost::hana;
using view = accy::hana_view<accy_test::device_scan>;

static_assert(hana::all_of(view::stages, [](auto stage) { return hana::size(view::buffers(stage)) <= hana::size_c<2>; }),
              "my rule: no stage binds more than two buffers");

int main() {}
