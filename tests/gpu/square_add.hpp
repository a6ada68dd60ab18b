// SPDX-License-Identifier: Apache-2.0
// Defines the GPU tests' own pipeline, out = in * in + in through one scratch buffer, in three CUDA formats.
#pragma once

#include "gpu/kernel_declarations.hpp"

#include <accy/accy.hpp>
#include <accy_gpu_test/test_kernels.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace accy_gpu_test {

constexpr accy::payload test_payload(accy::format fmt) {
    switch (fmt) {
    case accy::format::cuda_ptx: return accy::payload::from_text(kernels::test_kernels_ptx);
    case accy::format::cuda_cubin: return accy::payload::from_image(kernels::test_kernels_cubin);
    default: return accy::payload::from_image(kernels::test_kernels_fatbin);
    }
}

/// An entry of the test kernels: `target` runs `entry_name` with `parameters`, the last one its count.
constexpr accy::kernel_entry test_entry(std::string_view target, std::string_view entry_name, accy::format fmt,
                                        accy::parameter_list parameters) {
    return {target, 1, fmt, entry_name, parameters, test_payload(fmt),
            accy::launch_geometry::covering(static_cast<std::uint32_t>(parameters.size() - 1), threads)};
}

constexpr std::array<accy::format, 3> cuda_formats{accy::format::cuda_ptx, accy::format::cuda_cubin,
                                                   accy::format::cuda_fatbin};

/// accy_test_square(float* squares, const float* in, unsigned n)
constexpr accy::parameter_list square_parameters{parameter::buffer("squares", access::write, dtype::f32),
                                                 parameter::buffer("in", access::read, dtype::f32),
                                                 parameter::scalar("n", dtype::u32)};

inline constexpr auto square_add_registry = [] {
    std::array<accy::kernel_entry, 6> entries{};
    for (std::size_t f = 0; f < cuda_formats.size(); ++f) {
        entries[2 * f] = test_entry("accy.test.square", "accy_test_square", cuda_formats[f], square_parameters);
        entries[2 * f + 1] = test_entry("accy.test.add", "accy_test_add", cuda_formats[f],
                                        {parameter::buffer("out", access::write, dtype::f32),
                                         parameter::buffer("squares", access::read, dtype::f32),
                                         parameter::buffer("in", access::read, dtype::f32), parameter::scalar("n", dtype::u32)});
    }
    return accy::registry<6>{entries};
}();

using n = accy::forward<0>;

struct square_add_definition : accy::definition_base<"accy.test.square_add", square_add_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using operands = accy::operands<accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using intermediates = accy::intermediates<accy::shape<dtype::f32, n>>;
    using stages = accy::stages<accy::stage<"accy.test.square", 1, accy::intermediate<0>, accy::operand<0>, n>,
                                accy::stage<"accy.test.add", 1, accy::result<0>, accy::intermediate<0>, accy::operand<0>, n>>;
};
using square_add = accy::pipeline<square_add_definition>;

/// A one-stage pipeline of `Entry`, which runs accy_test_square (float*, const float*, u32) under a
/// declaration that differs from it: the load must refuse it.
template <const accy::kernel_entry& Entry, class Operands, class... Arguments>
struct misdeclared_definition {
    static constexpr std::string_view target = "accy.test.misdeclared";
    static constexpr std::uint32_t version = 1;
    static constexpr auto registry = accy::make_registry(Entry);
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using operands = Operands;
    using results = accy::results<accy::shape<dtype::f32, n>>;
    using stages = accy::stages<accy::stage<"accy.test.misdeclared", 1, Arguments...>>;
};

/// Three buffers where the kernel takes two: 4 parameters against 3.
inline constexpr accy::kernel_entry three_buffers =
    test_entry("accy.test.misdeclared", "accy_test_square", accy::format::cuda_ptx,
               {parameter::buffer("squares", access::write), parameter::buffer("in", access::read),
                parameter::buffer("extra", access::read), parameter::scalar("n", dtype::u32)});
using miscounted = accy::pipeline<
    misdeclared_definition<three_buffers, accy::operands<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>,
                           accy::result<0>, accy::operand<0>, accy::operand<1>, n>>;

/// A u64 count where the kernel takes a u32: sizes 8, 8, 8 against 8, 8, 4.
inline constexpr accy::kernel_entry wide_count =
    test_entry("accy.test.misdeclared", "accy_test_square", accy::format::cuda_ptx,
               {parameter::buffer("squares", access::write), parameter::buffer("in", access::read),
                parameter::scalar("n", dtype::u64)});
using missized =
    accy::pipeline<misdeclared_definition<wide_count, accy::operands<accy::shape<dtype::f32, n>>, accy::result<0>,
                                          accy::operand<0>, n>>;

/// An entry whose name the module does not have.
inline constexpr accy::kernel_entry unknown_name =
    test_entry("accy.test.misdeclared", "accy_test_no_such_kernel", accy::format::cuda_ptx, square_parameters);
using misnamed =
    accy::pipeline<misdeclared_definition<unknown_name, accy::operands<accy::shape<dtype::f32, n>>, accy::result<0>,
                                          accy::operand<0>, n>>;

}  // namespace accy_gpu_test
