// SPDX-License-Identifier: Apache-2.0
// Defines what the conformance cases share: transfers, fresh random inputs for the suite's kernel, and from
// tests/support owners of buffers and kernels on any backend, launch arguments and the error predicate.
#pragma once

#include "conformance/affine.hpp"
#include "conformance/model.hpp"
#include "support/backend_calls.hpp"
#include "support/errors.hpp"
#include "support/random_data.hpp"

#include <accy/core/buffer.hpp>
#include <accy/kernel/argument.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <iostream>
#include <optional>
#include <random>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

namespace accy_conformance {

using accy_test::buffer_argument;
using accy_test::fails_with;
using accy_test::loaded_kernel;
using accy_test::owned_buffer;
using accy_test::value_argument;

template <class T, class Backend>
void upload(Backend& device, const accy::buffer& to, std::span<const T> values) {
    device.upload(to, values.data(), values.size_bytes());
}

template <class T, class Backend>
std::vector<T> download(Backend& device, const accy::buffer& from, std::size_t count) {
    std::vector<T> values(count);
    device.download(values.data(), from, count * sizeof(T));
    return values;
}

/// Fresh random inputs of the suite's kernel: never zeros, never a whole number of blocks.
struct affine_inputs {
    std::uint32_t n;
    std::vector<std::int32_t> in;
    std::vector<std::int64_t> out;  ///< what `out` holds before the launch
    std::int32_t factor;
    std::int64_t offset;

    explicit affine_inputs(std::mt19937& engine)
        : n(std::uniform_int_distribution<std::uint32_t>(8, 800)(engine) * block_size +
            std::uniform_int_distribution<std::uint32_t>(1, block_size - 1)(engine)),
          in(n),
          out(n),
          factor(nonzero<std::int32_t>(engine, 1000)),
          offset(nonzero<std::int64_t>(engine, 1'000'000'000'000)) {
        std::uniform_int_distribution<std::int32_t> inputs(-1'000'000, 1'000'000);
        for (std::int32_t& value : in) value = inputs(engine);
        std::uniform_int_distribution<std::int64_t> outputs(-1'000'000'000'000'000, 1'000'000'000'000'000);
        for (std::int64_t& value : out) value = outputs(engine);
    }

    std::size_t in_bytes() const noexcept { return in.size() * sizeof(std::int32_t); }
    std::size_t out_bytes() const noexcept { return out.size() * sizeof(std::int64_t); }

    /// The kernel's five arguments over `out` and `in`; they point into this object and the two views.
    std::array<accy::kernel_argument, 5> arguments(const accy::buffer& out_view, const accy::buffer& in_view) const {
        return {buffer_argument(out_view), buffer_argument(in_view), value_argument(n), value_argument(factor),
                value_argument(offset)};
    }

    /// What `out` holds after one launch.
    std::vector<std::int64_t> expected() const { return affine_reference(out, in, factor, offset); }

private:
    /// A value in [-bound, bound] other than 0 and 1, either of which would hide a factor or an offset never applied.
    template <class T>
    static T nonzero(std::mt19937& engine, T bound) {
        const T magnitude = std::uniform_int_distribution<T>(2, bound)(engine);
        return engine() % 2 == 0 ? magnitude : -magnitude;
    }
};

/// Checks `got` against `expected` element by element; reports how many differ and the first few.
template <class T>
void check_equal(const std::vector<T>& got, const std::vector<T>& expected) {
    BOOST_TEST_REQUIRE(got.size() == expected.size());
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < got.size(); ++i)
        if (got[i] != expected[i] && wrong++ < 5)
            BOOST_TEST_MESSAGE("element " << i << ": " << got[i] << ", expected " << expected[i]);
    BOOST_TEST(wrong == 0u, wrong << " of " << got.size() << " elements differ from the reference");
}

/// Says on the test's output what a case checks instead on a model whose trait rules the case's subject out.
template <class Model>
void say_instead(std::string_view what) {
    std::cout << Model::name << " backend: " << what << std::endl;
}

/// Fresh inputs of the suite's kernel in buffers of `Model`'s backend, uploaded (and the uploads finished, so that
/// work on any stream sees them) where the model computes.
template <class Model>
struct affine_buffers {
    using backend = typename Model::backend;

    affine_inputs data;
    owned_buffer<backend> out, in;

    affine_buffers(backend& device, std::mt19937& engine)
        : data(engine), out(device, data.out_bytes()), in(device, data.in_bytes()) {
        if constexpr (Model::computes) {
            upload<std::int64_t>(device, out.view(), data.out);
            upload<std::int32_t>(device, in.view(), data.in);
            device.synchronize(std::nullopt);
        }
    }

    /// The kernel's five arguments over `out` and `in`.
    std::array<accy::kernel_argument, 5> arguments() const { return data.arguments(out.view(), in.view()); }

    /// What `out` holds now.
    std::vector<std::int64_t> result(backend& device) const {
        return download<std::int64_t>(device, out.view(), data.n);
    }
};

/// What a launch case starts from: the model's backend, fresh inputs in its buffers and the suite's kernel loaded
/// (destroyed in reverse: kernel, buffers, backend).
template <class Model>
struct launch_setup {
    typename Model::backend device = Model::make();
    std::mt19937 engine = accy_test::fresh_engine();
    affine_buffers<Model> run{device, engine};
    loaded_kernel<typename Model::backend> kernel{device, Model::entry};
};

}  // namespace accy_conformance
