// SPDX-License-Identifier: Apache-2.0
// Defines `accy::reduction`, how a collective combines the ranks' elements, and the element types a
// collective takes.
#pragma once

#include <accy/core/dtype.hpp>

#include <string_view>

namespace accy {

/// How an all-reduce or a reduce-scatter combines the ranks' elements, as NCCL's `ncclRedOp_t`
/// does: their sum, product, largest or smallest.
enum class reduction { sum, product, max, min };

constexpr std::string_view to_string(reduction op) noexcept {
    switch (op) {
    case reduction::sum: return "sum";
    case reduction::product: return "product";
    case reduction::max: return "max";
    case reduction::min: return "min";
    }
    return "unknown";
}

/// Whether collectives take elements of `type`: every dtype NCCL has (8-, 32- and 64-bit integers,
/// fp8, f16, bf16, f32, f64), that is all but i16 and u16.
constexpr bool collective_dtype(dtype type) noexcept { return type != dtype::i16 && type != dtype::u16; }

}  // namespace accy
