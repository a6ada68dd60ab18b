// SPDX-License-Identifier: Apache-2.0
// P::runtime_scalars gets an int for the pipeline's std::uint32_t scalar n: -1 would become 4294967295.
// expect: accy: P::runtime_scalars(values...): a value's type could lose values of the type its runtime scalar declares
// expect: text<'n'>
#include <support/scan_pipeline.hpp>

#include <tuple>

int main(int argc, char**) {
    const int rows = argc - 2;
    const auto runtime_scalars = accy_test::device_scan::runtime_scalars(rows);  // mistake
    return static_cast<int>(std::get<0>(runtime_scalars));
}
