// SPDX-License-Identifier: Apache-2.0
// GPU tests of tensor maps: kernels that read boxes of a 2-D f16 tensor through TMA, their map
// encoded by accy from the pipeline's operand, the map first, in the middle and last of the
// parameter list, 128- and 64-aligned; at ragged shapes, cold, hot and as a graph updated onto
// other buffers; and the declarations the driver's placement must still refuse.
#include <gpu/device.hpp>
#include <gpu/kernel_declarations.hpp>

#include <accy/accy.hpp>
#include <accy/backend/cuda.hpp>
#include <accy_gpu_test/tensor_map_kernels.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

namespace {

using namespace accy_gpu_test;

// The kernels' box: 32 columns by 16 rows (tests/gpu/kernels/tensor_map.cu), one block of 128 threads each.
constexpr std::uint32_t box_columns = 32, box_rows = 16;

constexpr accy::launch_geometry boxes(std::uint32_t rows_index, std::uint32_t columns_index) {
    return {{grid_dim::ceil_div(columns_index, box_columns), grid_dim::ceil_div(rows_index, box_rows), grid_dim::fixed(1)},
            {128, 1, 1}};
}

constexpr parameter map(std::size_t alignment = 128) {
    return parameter::tensor_map("map", access::read, dtype::f16, 2, alignment);
}
constexpr parameter out = parameter::buffer("out", access::write, dtype::f32);
constexpr parameter rows = parameter::scalar("rows", dtype::i32);
constexpr parameter columns = parameter::scalar("columns", dtype::i32);
constexpr parameter flag = parameter::scalar("flag", dtype::u8);

constexpr accy::payload ptx = accy::payload::from_text(kernels::tensor_map_ptx);

inline constexpr auto map_registry = accy::make_registry(
    accy::kernel_entry{"accy.test.map_first", 1, accy::format::cuda_ptx, "accy_test_map_first", {map(), out, rows, columns},
                       ptx, boxes(2, 3)},
    accy::kernel_entry{"accy.test.map_middle", 1, accy::format::cuda_ptx, "accy_test_map_middle",
                       {out, flag, map(), rows, columns}, ptx, boxes(3, 4)},
    accy::kernel_entry{"accy.test.map_middle", 1, accy::format::cuda_fatbin, "accy_test_map_middle",
                       {out, flag, map(), rows, columns}, accy::payload::from_image(kernels::tensor_map_fatbin), boxes(3, 4)},
    accy::kernel_entry{"accy.test.map_last", 1, accy::format::cuda_ptx, "accy_test_map_last", {out, rows, columns, map()}, ptx,
                       boxes(1, 2)},
    accy::kernel_entry{"accy.test.map_64_middle", 1, accy::format::cuda_ptx, "accy_test_map_64_middle",
                       {out, flag, map(64), rows, columns}, ptx, boxes(3, 4)});

using rows_of = accy::forward<0>;
using columns_of = accy::forward<1>;
using pitch_of = accy::forward<2>;  ///< elements from one row of the input to the next

/// Reads a rows x columns f16 tensor, whose rows lie pitch elements apart, into a packed f32 result.
template <accy::fixed_string Target>
struct map_definition : accy::definition_base<Target, map_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"rows", std::int32_t, accy::at_least<1>>,
                                                  accy::scalar<"columns", std::int32_t, accy::at_least<1>>,
                                                  accy::scalar<"pitch", std::int32_t, accy::at_least<1>>>;
    using operands = accy::operands<accy::shape<dtype::f16, accy::product<rows_of, pitch_of>>>;
    using results = accy::results<accy::shape<dtype::f32, accy::product<rows_of, columns_of>>>;
    using input = accy::tensor_map<accy::operand<0>, accy::extents<columns_of, rows_of>, accy::box<box_columns, box_rows>,
                                   accy::tensor_map_options{}, accy::strides<accy::product<pitch_of, accy::constant<2>>>>;
    using flag_one = accy::convert<dtype::u8, accy::constant<1>>;
};

struct first_definition : map_definition<"accy.test.map_first"> {
    using stages = accy::stages<accy::stage<"accy.test.map_first", 1, input, accy::result<0>, rows_of, columns_of>>;
};
struct middle_definition : map_definition<"accy.test.map_middle"> {
    using stages =
        accy::stages<accy::stage<"accy.test.map_middle", 1, accy::result<0>, flag_one, input, rows_of, columns_of>>;
};
struct last_definition : map_definition<"accy.test.map_last"> {
    using stages = accy::stages<accy::stage<"accy.test.map_last", 1, accy::result<0>, rows_of, columns_of, input>>;
};
struct middle_64_definition : map_definition<"accy.test.map_64_middle"> {
    using stages =
        accy::stages<accy::stage<"accy.test.map_64_middle", 1, accy::result<0>, flag_one, input, rows_of, columns_of>>;
};

/// A rows x columns tensor of random f16 values (never zero) in rows `pitch` elements apart, and what the kernels make of it.
struct tensor {
    std::int32_t rows, columns, pitch;
    std::vector<accy::half> values;
    gpu_buffer<accy::half> input;
    gpu_buffer<float> output;

    tensor(std::int32_t rows_, std::int32_t columns_, std::int32_t pitch_)
        : rows(rows_), columns(columns_), pitch(pitch_), values(halves(std::size_t(rows_) * std::size_t(pitch_))),
          input(to_device(std::span<const accy::half>(values))),
          output(device(), std::size_t(rows_) * std::size_t(columns_)) {
        poison(output.view());
    }

    static std::vector<accy::half> halves(std::size_t count) {
        std::vector<accy::half> made;
        for (const float value : random_values<float>(count, 0.5f, 8.0f)) made.emplace_back(value);
        return made;
    }

    std::tuple<std::int32_t, std::int32_t, std::int32_t> scalars() const { return {rows, columns, pitch}; }

    /// Every element of the output is the input's element as f32; the pitch's padding is never read.
    void check() const {
        const std::vector<float> got = to_host<float>(output.view(), std::size_t(rows) * std::size_t(columns));
        std::size_t wrong = 0;
        for (std::int32_t r = 0; r < rows; ++r)
            for (std::int32_t c = 0; c < columns; ++c) {
                const float expected = static_cast<float>(values[std::size_t(r) * std::size_t(pitch) + std::size_t(c)]);
                const float value = got[std::size_t(r) * std::size_t(columns) + std::size_t(c)];
                if (!(value == expected) && wrong++ < 5)
                    BOOST_TEST_MESSAGE("(" << r << ", " << c << "): got " << value << ", expected " << expected);
            }
        BOOST_TEST(wrong == 0u, wrong << " of " << rows * columns << " elements of a " << rows << " x " << columns
                                      << " tensor (pitch " << pitch << ") differ");
    }
};

/// Ragged shapes: rows and columns no multiple of the box, with padded and with packed rows (16-byte multiples).
constexpr std::array<std::array<std::int32_t, 3>, 3> shapes{{{77, 100, 104}, {45, 200, 200}, {1, 8, 8}}};

template <class Pipeline>
void copies_every_shape_cold_and_hot() {
    constexpr auto fmt = accy::formats::cuda_ptx;
    const auto pool = accy::load_artifacts<Pipeline>(device(), fmt);
    for (const auto& [rows, columns, pitch] : shapes) {
        tensor cold(rows, columns, pitch);
        accy::launch_pipeline<Pipeline>(device(), fmt, std::array{cold.input.view()}, std::array{cold.output.view()},
                                        cold.scalars());
        cold.check();
        tensor hot(rows, columns, pitch);
        accy::launch_pipeline<Pipeline>(device(), fmt, std::array{hot.input.view()}, std::array{hot.output.view()},
                                        hot.scalars(), accy::use_pool(pool));
        device().synchronize(std::nullopt);
        hot.check();
    }
}

/// TMA needs compute capability 9.0: on an older GPU the suite is skipped, and says so.
boost::test_tools::assertion_result on_hopper(boost::unit_test::test_unit_id) {
    const int major = device().compute_capability().first;
    boost::test_tools::assertion_result hopper(major >= 9);
    hopper.message() << "TMA needs compute capability 9.0 or later, device 0 has " << major << ".x";
    return hopper;
}

}  // namespace

BOOST_TEST_GLOBAL_FIXTURE(require_device);

BOOST_AUTO_TEST_SUITE(tensor_maps, *boost::unit_test::precondition(on_hopper))

BOOST_AUTO_TEST_CASE(a_map_first_in_the_middle_or_last_reads_every_box_of_a_ragged_tensor) {
    copies_every_shape_cold_and_hot<accy::pipeline<first_definition>>();
    copies_every_shape_cold_and_hot<accy::pipeline<middle_definition>>();
    copies_every_shape_cold_and_hot<accy::pipeline<last_definition>>();
}

BOOST_AUTO_TEST_CASE(a_64_aligned_map_loads_and_reads_every_box) {
    copies_every_shape_cold_and_hot<accy::pipeline<middle_64_definition>>();
}

BOOST_AUTO_TEST_CASE(a_graph_updated_onto_other_buffers_reads_them_through_its_map) {
    using middle = accy::pipeline<middle_definition>;
    const auto pool = accy::load_artifacts<middle>(device(), accy::formats::cuda_fatbin);
    const auto scratch = accy::allocate_scratch<middle>(device(), std::tuple<std::int32_t, std::int32_t, std::int32_t>{1, 1, 1});
    tensor before(77, 100, 104);
    accy::cuda::pipeline_graph<middle> graph(device(), pool, scratch, std::array{before.input.view()},
                                             std::array{before.output.view()}, before.scalars());
    graph.launch();
    device().synchronize(std::nullopt);
    before.check();

    tensor after(45, 200, 200);  // another buffer, another shape
    graph.update(std::array{after.input.view()}, std::array{after.output.view()}, after.scalars());
    poison(before.output.view());
    graph.launch();
    device().synchronize(std::nullopt);
    after.check();
    const std::vector<float> untouched = to_host<float>(before.output.view(), 1);
    BOOST_TEST(std::isnan(untouched[0]), "the graph no longer writes the buffer it was made with");

    tensor small(9, 24, 40);
    BOOST_CHECK_EXCEPTION(graph.update(std::array{after.input.view()}, std::array{small.output.view()}, after.scalars()),
                          accy::error, fails_with(accy::errc::launch_argument_mismatch, {"result 0"}));
    poison(after.output.view());
    graph.launch();  // the failed update changed nothing
    device().synchronize(std::nullopt);
    after.check();
}

BOOST_AUTO_TEST_CASE(a_misaligned_tensor_is_refused_before_any_stage_launches) {
    using first = accy::pipeline<first_definition>;
    tensor shifted(16, 32, 40);
    const accy::buffer view{shifted.input.view().address + 2, shifted.input.view().byte_size - 16};
    BOOST_CHECK_EXCEPTION(accy::launch_pipeline<first>(device(), accy::formats::cuda_ptx, std::array{view},
                                                       std::array{shifted.output.view()}, std::tuple{15, 32, 40}),
                          accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"parameter 0 ('map')", "not a multiple of 16"}));
    const std::vector<float> got = to_host<float>(shifted.output.view(), 1);
    BOOST_TEST(std::isnan(got[0]), "nothing launched");
}

// A 128-aligned map declared 64-aligned: the driver's offsets refuse it, whatever the format.
inline constexpr auto wrong_alignment_registry = accy::make_registry(
    accy::kernel_entry{"accy.test.map_wrong", 1, accy::format::cuda_ptx, "accy_test_map_middle",
                       {out, flag, map(64), rows, columns}, ptx, boxes(3, 4)},
    accy::kernel_entry{"accy.test.map_wrong", 1, accy::format::cuda_fatbin, "accy_test_map_middle",
                       {out, flag, map(64), rows, columns}, accy::payload::from_image(kernels::tensor_map_fatbin), boxes(3, 4)},
    // One parameter missing: (out, flag, map, rows) of a kernel that takes columns too.
    accy::kernel_entry{"accy.test.map_short", 1, accy::format::cuda_fatbin, "accy_test_map_middle",
                       {out, flag, map(), rows}, accy::payload::from_image(kernels::tensor_map_fatbin), boxes(3, 3)});

struct wrong_alignment_definition : map_definition<"accy.test.map_wrong"> {
    static constexpr const auto& registry = wrong_alignment_registry;
    using stages =
        accy::stages<accy::stage<"accy.test.map_wrong", 1, accy::result<0>, flag_one, input, rows_of, columns_of>>;
};
struct short_definition : map_definition<"accy.test.map_short"> {
    static constexpr const auto& registry = wrong_alignment_registry;
    using stages = accy::stages<accy::stage<"accy.test.map_short", 1, accy::result<0>, flag_one, input, rows_of>>;
};

BOOST_AUTO_TEST_CASE(the_driver_placement_still_refuses_a_wrong_alignment_and_a_missing_parameter) {
    using wrong = accy::pipeline<wrong_alignment_definition>;
    for (const accy::format fmt : {accy::format::cuda_ptx, accy::format::cuda_fatbin})
        BOOST_CHECK_EXCEPTION(accy::load_artifacts<wrong>(device(), fmt), accy::error,
                              fails_with(accy::errc::launch_argument_mismatch,
                                         {"2 at 112 (128 bytes)", "2 'map' at 48 (128 bytes)", "parameter area starts 16 bytes"}));
    BOOST_CHECK_EXCEPTION(accy::load_artifacts<accy::pipeline<short_definition>>(device(), accy::formats::cuda_fatbin),
                          accy::error,
                          fails_with(accy::errc::launch_argument_mismatch, {"takes at least 5 parameters", "declares 4"}));
}

BOOST_AUTO_TEST_SUITE_END()
