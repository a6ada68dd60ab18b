// SPDX-License-Identifier: Apache-2.0
// Defines the kernels that set a conditional graph node's condition from a region's flag, which
// `pipeline_graph` adds after a loop's stages and before a `when`'s, as PTX and kernel entries.
#pragma once

#include <accy/core/dtype.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/kernel/payload.hpp>

#include <string_view>

namespace accy::cuda::detail {

// cudaGraphSetConditional is a device function of the CUDA runtime that the driver links into PTX
// it loads, as it does CUDA's other device runtime functions: nothing is linked at build time.
// PTX ISA 8.3 (CUDA 12.3, the first with conditional nodes), for any GPU from sm_50.
//
//   accy_loop_condition(handle, flag, passes, bound): ++*passes; the loop goes on while *flag != 0
//                                                      and *passes < bound
//   accy_when_condition(handle, flag):                 the when's stages run if *flag != 0
inline constexpr std::string_view condition_kernels_ptx = R"(.version 8.3
.target sm_50
.address_size 64

.extern .func cudaGraphSetConditional
(
	.param .b64 cudaGraphSetConditional_param_0,
	.param .b32 cudaGraphSetConditional_param_1
)
;

.visible .entry accy_loop_condition(
	.param .u64 accy_loop_condition_param_0,
	.param .u64 accy_loop_condition_param_1,
	.param .u64 accy_loop_condition_param_2,
	.param .u32 accy_loop_condition_param_3
)
{
	.reg .pred 	%p<4>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<6>;

	ld.param.u64 	%rd1, [accy_loop_condition_param_0];
	ld.param.u64 	%rd2, [accy_loop_condition_param_1];
	ld.param.u64 	%rd3, [accy_loop_condition_param_2];
	ld.param.u32 	%r1, [accy_loop_condition_param_3];
	cvta.to.global.u64 	%rd4, %rd2;
	cvta.to.global.u64 	%rd5, %rd3;
	ld.global.u32 	%r2, [%rd5];
	add.s32 	%r3, %r2, 1;
	st.global.u32 	[%rd5], %r3;
	ld.global.u32 	%r4, [%rd4];
	setp.ne.s32 	%p1, %r4, 0;
	setp.lt.u32 	%p2, %r3, %r1;
	and.pred 	%p3, %p2, %p1;
	selp.u32 	%r5, 1, 0, %p3;
	{
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd1;
	.param .b32 param1;
	st.param.b32 	[param1+0], %r5;
	call.uni cudaGraphSetConditional, (param0, param1);
	}
	ret;
}

.visible .entry accy_when_condition(
	.param .u64 accy_when_condition_param_0,
	.param .u64 accy_when_condition_param_1
)
{
	.reg .pred 	%p<2>;
	.reg .b32 	%r<3>;
	.reg .b64 	%rd<4>;

	ld.param.u64 	%rd1, [accy_when_condition_param_0];
	ld.param.u64 	%rd2, [accy_when_condition_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	ld.global.u32 	%r1, [%rd3];
	setp.ne.s32 	%p1, %r1, 0;
	selp.u32 	%r2, 1, 0, %p1;
	{
	.param .b64 param0;
	st.param.b64 	[param0+0], %rd1;
	.param .b32 param1;
	st.param.b32 	[param1+0], %r2;
	call.uni cudaGraphSetConditional, (param0, param1);
	}
	ret;
}
)";

inline constexpr launch_geometry one_thread = launch_geometry::fixed({1, 1, 1}, {1, 1, 1});

inline constexpr kernel_entry loop_condition_entry{
    "accy.cuda.loop_condition", 1, format::cuda_ptx, "accy_loop_condition",
    {parameter::scalar("handle", dtype::u64), parameter::buffer("flag", access::read, dtype::u32),
     parameter::buffer("passes", access::read_write, dtype::u32), parameter::scalar("bound", dtype::u32)},
    payload::from_text(condition_kernels_ptx), one_thread};

inline constexpr kernel_entry when_condition_entry{
    "accy.cuda.when_condition", 1, format::cuda_ptx, "accy_when_condition",
    {parameter::scalar("handle", dtype::u64), parameter::buffer("flag", access::read, dtype::u32)},
    payload::from_text(condition_kernels_ptx), one_thread};

}  // namespace accy::cuda::detail
