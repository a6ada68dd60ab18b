// SPDX-License-Identifier: Apache-2.0
// Defines the fault sweep's pipeline: three PTX stages that between them take every path of the CUDA backend's
// loading and launching (a tensor map, a cooperative kernel with more than 48 KiB of dynamic shared memory, a kernel
// that waits on its predecessor in clusters of 2, zero_filled and kept_zero workspaces, payloads of which one holds
// two kernels), and the same stages in a repeat_while and a when. The kernels only declare their parameters: the
// fake driver runs nothing.
#pragma once


#include <accy/accy.hpp>

#include <cstdint>
#include <string_view>

namespace accy_fault {

using accy::access;
using accy::dtype;
using accy::grid_dim;
using accy::parameter;

/// fault_tile(const __grid_constant__ CUtensorMap map, float* out, unsigned rows, unsigned columns) and
/// fault_combine(float* out, const float* in, unsigned* arrived, unsigned n), as nvcc declares them.
inline constexpr std::string_view tile_and_combine_ptx = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .entry fault_tile(
    .param .align 128 .b8 fault_tile_param_0[128],
    .param .u64 .ptr .global .align 1 fault_tile_param_1,
    .param .u32 fault_tile_param_2,
    .param .u32 fault_tile_param_3
)
{
    ret;
}

.visible .entry fault_combine(
    .param .u64 .ptr .global .align 1 fault_combine_param_0,
    .param .u64 .ptr .global .align 1 fault_combine_param_1,
    .param .u64 .ptr .global .align 1 fault_combine_param_2,
    .param .u32 fault_combine_param_3
)
{
    ret;
}
)";

/// fault_finish(float* out, unsigned* tickets, unsigned n), which waits on its predecessor.
inline constexpr std::string_view finish_ptx = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .entry fault_finish(
    .param .u64 .ptr .global .align 1 fault_finish_param_0,
    .param .u64 .ptr .global .align 1 fault_finish_param_1,
    .param .u32 fault_finish_param_2
)
{
    griddepcontrol.wait;
    ret;
}
)";

/// fault_flag(unsigned* flag, unsigned n): a loop's flag.
inline constexpr std::string_view flag_ptx = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .entry fault_flag(
    .param .u64 .ptr .global .align 1 fault_flag_param_0,
    .param .u32 fault_flag_param_1
)
{
    ret;
}
)";

inline constexpr auto sweep_registry = accy::make_registry(
    accy::kernel_entry{"fault.tile", 1, accy::format::cuda_ptx, "fault_tile",
                       {parameter::tensor_map("map", access::read, dtype::f16, 2),
                        parameter::buffer("out", access::write, dtype::f32), parameter::scalar("rows", dtype::u32),
                        parameter::scalar("columns", dtype::u32)},
                       accy::payload::from_text(tile_and_combine_ptx),
                       {{grid_dim::ceil_div(3, 32), grid_dim::ceil_div(2, 16), grid_dim::fixed(1)}, {128, 1, 1}}},
    accy::kernel_entry{"fault.combine", 1, accy::format::cuda_ptx, "fault_combine",
                       {parameter::buffer("out", access::write, dtype::f32), parameter::buffer("in", access::read, dtype::f32),
                        parameter::buffer("arrived", access::read_write, dtype::u32), parameter::scalar("n", dtype::u32)},
                       accy::payload::from_text(tile_and_combine_ptx),
                       accy::launch_geometry::fixed({4, 1, 1}, {128, 1, 1}, {64 * 1024}),
                       accy::launch_attributes{{}, true}},
    accy::kernel_entry{"fault.finish", 1, accy::format::cuda_ptx, "fault_finish",
                       {parameter::buffer("out", access::read_write, dtype::f32),
                        parameter::buffer("tickets", access::read_write, dtype::u32), parameter::scalar("n", dtype::u32)},
                       accy::payload::from_text(finish_ptx), accy::launch_geometry::fixed({2, 1, 1}, {64, 1, 1}),
                       accy::launch_attributes{{2, 1, 1}, false, true}},
    accy::kernel_entry{"fault.flag", 1, accy::format::cuda_ptx, "fault_flag",
                       {parameter::buffer("flag", access::write, dtype::u32), parameter::scalar("n", dtype::u32)},
                       accy::payload::from_text(flag_ptx), accy::launch_geometry::fixed({1, 1, 1}, {1, 1, 1})});

using rows = accy::forward<0>;
using columns = accy::forward<1>;
using elements = accy::product<rows, columns>;

/// An f16 rows x columns operand read through a tensor map into an f32 intermediate, combined into the result, finished in place.
struct sweep_definition : accy::definition_base<"fault.sweep", sweep_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"rows", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"columns", std::uint32_t, accy::at_least<1>>>;
    using operands = accy::operands<accy::shape<dtype::f16, elements>>;
    using results = accy::results<accy::shape<dtype::f32, elements>>;
    using intermediates = accy::intermediates<accy::shape<dtype::f32, elements>>;
    using workspaces = accy::workspaces<accy::zero_filled<accy::shape<dtype::u32, accy::constant<1>>>,
                                        accy::kept_zero<accy::shape<dtype::u32, accy::constant<2>>>>;
    using stages = accy::stages<
        accy::stage<"fault.tile", 1, accy::tensor_map<accy::operand<0>, accy::extents<columns, rows>, accy::box<32, 16>>,
                    accy::intermediate<0>, rows, columns>,
        accy::stage<"fault.combine", 1, accy::result<0>, accy::intermediate<0>, accy::workspace<0>, elements>,
        accy::stage<"fault.finish", 1, accy::result<0>, accy::workspace<1>, elements>>;
};
using sweep_pipeline = accy::pipeline<sweep_definition>;
static_assert(sweep_pipeline::well_formed);

/// The same stages in regions: the tile, then the combine (its workspace zero_filled) and the flag
/// repeated in a loop, then the finish where the flag is non-zero.
struct looping_sweep_definition : sweep_definition {
    using intermediates = accy::intermediates<accy::shape<dtype::f32, elements>, accy::shape<dtype::u32, accy::constant<1u>>>;
    using stages = accy::stages<
        accy::stage<"fault.tile", 1, accy::tensor_map<accy::operand<0>, accy::extents<columns, rows>, accy::box<32, 16>>,
                    accy::intermediate<0>, rows, columns>,
        accy::repeat_while<accy::intermediate<1>, accy::constant<3u>,
                           accy::stage<"fault.combine", 1, accy::result<0>, accy::intermediate<0>, accy::workspace<0>, elements>,
                           accy::stage<"fault.flag", 1, accy::intermediate<1>, elements>>,
        accy::when<accy::intermediate<1>, accy::stage<"fault.finish", 1, accy::result<0>, accy::workspace<1>, elements>>>;
};
using looping_sweep_pipeline = accy::pipeline<looping_sweep_definition>;
static_assert(looping_sweep_pipeline::well_formed && looping_sweep_pipeline::region_count == 2);

}  // namespace accy_fault
