// SPDX-License-Identifier: Apache-2.0
// Defines `accy_test::tensor_map_definition<Map>`: a one-stage pipeline whose kernel reads a rows x
// columns f16 tensor through a tensor map, bound to `Map`, into an f32 result.
#pragma once


#include <accy/accy.hpp>

#include <cstdint>

namespace accy_test {

// __global__ void tile(const __grid_constant__ CUtensorMap map, float* out, unsigned rows, unsigned columns)
inline constexpr auto tensor_map_registry = accy::make_registry(accy::kernel_entry{
    "accy.test.tile", 1, accy::format::cuda_ptx, "tile",
    {accy::parameter::tensor_map("map", accy::access::read, accy::dtype::f16, 2),
     accy::parameter::buffer("out", accy::access::write, accy::dtype::f32), accy::parameter::scalar("rows", accy::dtype::u32),
     accy::parameter::scalar("columns", accy::dtype::u32)},
    accy::payload::from_text("not loaded by these tests"),
    {{accy::grid_dim::ceil_div(3, 32), accy::grid_dim::ceil_div(2, 16), accy::grid_dim::fixed(1)}, {128, 1, 1}}});

using rows = accy::forward<0>;
using columns = accy::forward<1>;

/// The tile pipeline with its map bound to `Map`, a tensor map of operand 0.
template <class Map>
struct tensor_map_definition : accy::definition_base<"accy.test.tile", tensor_map_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"rows", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"columns", std::uint32_t, accy::at_least<1>>>;
    using operands = accy::operands<accy::shape<accy::dtype::f16, accy::product<rows, columns>>>;
    using results = accy::results<accy::shape<accy::dtype::f32, accy::product<rows, columns>>>;
    using stages = accy::stages<accy::stage<"accy.test.tile", 1, Map, accy::result<0>, rows, columns>>;
};

/// A map the tile kernel takes: the whole tensor, packed rows, boxes of 32 x 16.
using tile_map = accy::tensor_map<accy::operand<0>, accy::extents<columns, rows>, accy::box<32, 16>>;

}  // namespace accy_test
