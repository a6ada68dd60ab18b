// Defines the GPU tests' own pipeline, out = in * in + in through one scratch buffer, in three CUDA formats.
#pragma once

#include <accy/accy.hpp>
#include <accy_gpu_test/test_kernels.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace accy_gpu_test {

using accy::access;
using accy::grid_dim;

inline constexpr std::uint32_t threads = 256;
inline constexpr accy::launch_geometry blocks_of_256{
    {grid_dim::ceil_div(0, threads), grid_dim::fixed(1), grid_dim::fixed(1)}, {threads, 1, 1}};

constexpr accy::payload test_payload(accy::format fmt) {
    switch (fmt) {
    case accy::format::cuda_ptx: return accy::payload::from_text(kernels::test_kernels_ptx);
    case accy::format::cuda_cubin: return accy::payload::from_image(kernels::test_kernels_cubin);
    default: return accy::payload::from_image(kernels::test_kernels_fatbin);
    }
}

/// An entry of the test kernels: `target` runs `entry_name`, declared with `buffers` and `scalar_count` scalars.
constexpr accy::kernel_entry test_entry(std::string_view target, std::string_view entry_name, accy::format fmt,
                                        accy::buffer_parameters buffers, std::uint32_t scalar_count = 1) {
    return {target, 1, fmt, entry_name, buffers, scalar_count, test_payload(fmt), blocks_of_256};
}

constexpr std::array<accy::format, 3> cuda_formats{accy::format::cuda_ptx, accy::format::cuda_cubin,
                                                   accy::format::cuda_fatbin};

inline constexpr auto square_add_registry = [] {
    std::array<accy::kernel_entry, 6> entries{};
    for (std::size_t f = 0; f < cuda_formats.size(); ++f) {
        entries[2 * f] = test_entry("accy.test.square", "accy_test_square", cuda_formats[f], {access::write, access::read});
        entries[2 * f + 1] =
            test_entry("accy.test.add", "accy_test_add", cuda_formats[f], {access::write, access::read, access::read});
    }
    return accy::registry<6>{entries};
}();

struct square_add_definition {
    static constexpr std::string_view target = "accy.test.square_add";
    static constexpr std::uint32_t version = 1;
    static constexpr const auto& registry = square_add_registry;
    static constexpr std::size_t operand_count = 1, result_count = 1, runtime_scalar_count = 1;
    using intermediates = accy::intermediates<accy::scratch<accy::dtype::f32, accy::forward<0>>>;
    using stages = accy::stages<
        accy::stage<"accy.test.square", 1, accy::buffers<accy::intermediate<0>, accy::operand<0>>,
                    accy::scalars<accy::forward<0>>>,
        accy::stage<"accy.test.add", 1, accy::buffers<accy::result<0>, accy::intermediate<0>, accy::operand<0>>,
                    accy::scalars<accy::forward<0>>>>;
};
using square_add = accy::pipeline<square_add_definition>;

/// A one-stage pipeline of `Entry`, which runs accy_test_square (float*, const float*, u32) under a
/// declaration that differs from it: the load must refuse it.
template <const accy::kernel_entry& Entry, class Buffers, class Scalars, std::size_t Operands>
struct misdeclared_definition {
    static constexpr std::string_view target = "accy.test.misdeclared";
    static constexpr std::uint32_t version = 1;
    static constexpr auto registry = accy::make_registry(Entry);
    static constexpr std::size_t operand_count = Operands, result_count = 1, runtime_scalar_count = 1;
    using intermediates = accy::intermediates<>;
    using stages = accy::stages<accy::stage<"accy.test.misdeclared", 1, Buffers, Scalars>>;
};

/// Three buffers where the kernel takes two: 4 parameters against 3.
inline constexpr accy::kernel_entry three_buffers = test_entry(
    "accy.test.misdeclared", "accy_test_square", accy::format::cuda_ptx, {access::write, access::read, access::read});
using miscounted = accy::pipeline<
    misdeclared_definition<three_buffers, accy::buffers<accy::result<0>, accy::operand<0>, accy::operand<1>>,
                           accy::scalars<accy::forward<0>>, 2>>;

/// One buffer and two scalars where the kernel takes two pointers and a scalar: sizes 8, 4, 4 against 8, 8, 4.
inline constexpr accy::kernel_entry two_scalars =
    test_entry("accy.test.misdeclared", "accy_test_square", accy::format::cuda_ptx, {access::write}, 2);
using missized = accy::pipeline<misdeclared_definition<two_scalars, accy::buffers<accy::result<0>>,
                                                       accy::scalars<accy::forward<0>, accy::forward<0>>, 0>>;

/// An entry whose name the module does not have.
inline constexpr accy::kernel_entry unknown_name = test_entry(
    "accy.test.misdeclared", "accy_test_no_such_kernel", accy::format::cuda_ptx, {access::write, access::read});
using misnamed = accy::pipeline<misdeclared_definition<unknown_name, accy::buffers<accy::result<0>, accy::operand<0>>,
                                                       accy::scalars<accy::forward<0>>, 1>>;

}  // namespace accy_gpu_test
