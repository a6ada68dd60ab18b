// SPDX-License-Identifier: Apache-2.0
// Defines the compact example's kernel targets per element type and `accy_examples::compact::entry`,
// which makes its select entry in one format: the same target, parameters and geometry in every format.
#pragma once

#include "common/tiled_kernel.hpp"
#include "common/typed_name.hpp"
#include "compact/compact_config.hpp"

#include <accy/accy.hpp>

#include <cstdint>
#include <string_view>

namespace accy_examples::compact {

/// The compaction's names for element type `T`: the pipeline's target and its stage's target.
template <class T>
struct targets {
    static constexpr std::string_view pipeline = typed_name<"accy.examples.compact", T>.view();
    static constexpr auto select = typed_name<"accy.examples.compact.select", T>;
};

/// The select entry for `T` in `fmt`: `name` is its entry name (a CUDA module's symbol), `code` its payload.
template <class T>
constexpr accy::kernel_entry entry(accy::format fmt, std::string_view name, accy::payload code) {
    using accy::access;
    using accy::dtype;
    using accy::parameter;
    constexpr dtype t = accy::dtype_of<T>;
    return {targets<T>::select.view(),
            1,
            fmt,
            name,
            {parameter::buffer("out", access::write, t), parameter::buffer("count", access::write, dtype::u32),
             parameter::buffer("in", access::read, t), parameter::buffer("status", access::read_write, dtype::u64),
             parameter::scalar("n", dtype::u32), parameter::scalar("threshold", t)},
            code,
            over_tiles<tile>(4)};
}

}  // namespace accy_examples::compact
