// SPDX-License-Identifier: Apache-2.0
// The bad-input table of issue 34: the mistakes a caller can make with accy's run-time API (formats,
// operand and result counts and buffers, in-place results, runtime scalars and their bounds,
// derivations, extents, grids, caller scratch, pools, moved-from objects, device_buffer, host
// transfers, tensor maps, threads), one row each, each row run in a child process with a watchdog
// on the host backend and on the recording backend where it applies, so that a crash or a hang is a
// failure of that row. The child checks the error code and the parts its message must name (the
// call, the pipeline, the stage, the parameter, the numbers), and on the recording backend that a
// refused call launched nothing and that every buffer and kernel made was destroyed; on the host
// backend under AddressSanitizer, that the call leaked nothing. A row that accy rightly accepts says so
// in its name and asserts success. Mistakes that C++ types catch (counts of fixed-size containers, a
// pool of another pipeline or backend type) are compile_fail's.
#include "hardening/watchdog.hpp"
#include "support/backend_calls.hpp"
#include "support/host_scan.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#include <accy/testing/recording_backend.hpp>

#include <boost/test/data/monomorphic.hpp>
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <array>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <limits>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#define ACCY_TABLE_CHECKS_LEAKS 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define ACCY_TABLE_CHECKS_LEAKS 1
#endif
#endif
#ifdef ACCY_TABLE_CHECKS_LEAKS
#include <sanitizer/lsan_interface.h>
#endif

namespace {

using accy::access;
using accy::dtype;
using accy::errc;
using accy::grid_dim;
using accy::parameter;
using accy::testing::recording_backend;
using host_backend = accy::host::backend;
using namespace std::chrono_literals;

constexpr std::chrono::seconds watchdog_limit = 30s;
constexpr std::uint64_t u64_max = std::numeric_limits<std::uint64_t>::max();
constexpr std::uint64_t two_to_63 = std::uint64_t{1} << 63;  // PTRDIFF_MAX + 1
constexpr std::uint64_t ptrdiff_max = PTRDIFF_MAX;

// --- what a row is ------------------------------------------------------------------------------

/// What a row expects: a refusal with `code` whose message holds every one of `parts`, or (no code)
/// acceptance. A refusal comes before anything launched, unless `after_launches` says the call
/// launched first (a host kernel's own failure, a recorded launch read back wrongly).
struct expectation {
    std::optional<errc> code;
    std::vector<std::string_view> parts;
    bool after_launches = false;
};

expectation refused(errc code, std::initializer_list<std::string_view> parts) { return {code, parts}; }
expectation refused_after_launches(errc code, std::initializer_list<std::string_view> parts) {
    return {code, parts, true};
}
const expectation accepted{};

/// A row's call on each backend it applies to; null where it does not.
struct calls {
    void (*on_host)(host_backend&) = nullptr;
    void (*on_recording)(recording_backend&) = nullptr;
};

/// The same call on both backends: `call` is a generic lambda, `[](auto& device) { ... }`.
template <class Call>
calls on_both(Call call) {
    return {call, call};
}
template <class Call>
calls on_host_only(Call call) {
    return {call, nullptr};
}
template <class Call>
calls on_recording_only(Call call) {
    return {nullptr, call};
}

/// One row of the table: what kind of input, the mistake, what accy must do with it, and the call that makes it.
struct bad_input {
    std::string_view category;
    std::string_view name;
    expectation expected;
    calls call;
};

std::ostream& operator<<(std::ostream& out, const bad_input& row) { return out << row.category << ": " << row.name; }

// --- buffers and launches the rows share ----------------------------------------------------------

/// Buffers allocated on a row's backend, freed when the row's call returns.
template <class Backend>
class allocations {
public:
    explicit allocations(Backend& device) : device_(device) { made_.reserve(16); }
    allocations(const allocations&) = delete;
    allocations& operator=(const allocations&) = delete;
    ~allocations() {
        for (const accy::buffer& made : made_) device_.free_buffer(made);
    }

    /// A new buffer of `bytes` bytes (at most 16 per row, so that keeping it cannot throw).
    accy::buffer operator()(std::size_t bytes) { return made_.emplace_back(device_.allocate_buffer(bytes)); }

private:
    Backend& device_;
    std::vector<accy::buffer> made_;
};

/// `bytes` bytes from `offset` into `block`: a view of part of an allocation.
constexpr accy::buffer part_of(const accy::buffer& block, std::uint64_t offset, std::size_t bytes) {
    return {block.address + offset, bytes};
}

/// The operands or results of a pipeline that declares none.
constexpr std::array<accy::buffer, 0> no_buffers{};

/// `value` as a caller has it, known only at run time: so that the compiler does not diagnose, at compile
/// time, a copy of 2^64 - 1 bytes or from a null pointer that the row makes on purpose.
template <class T>
T at_run_time(T value) {
    const volatile T kept = value;
    return kept;
}

/// The backend type of a generic row's `auto& device`.
template <class Device>
using backend_of = std::remove_cvref_t<Device>;

/// Runs `body()` on `count` threads at once; rethrows the first exception any of them threw.
template <class Body>
void on_threads(unsigned count, const Body& body) {
    std::vector<std::exception_ptr> failures(count);
    std::vector<std::thread> threads;
    for (unsigned t = 0; t < count; ++t)
        threads.emplace_back([&, t] {
            try {
                body();
            } catch (...) {
                failures[t] = std::current_exception();
            }
        });
    for (std::thread& thread : threads) thread.join();
    for (const std::exception_ptr& failure : failures)
        if (failure) std::rethrow_exception(failure);
}

// --- the tests' scan, with host kernels --------------------------------------------------------------

using scan = accy_test::host_scan;
/// The scan with n at most 5000, as the scan's bounded variant.
struct bounded_scan_definition : accy_test::host_scan_definition {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t, accy::at_most<5000>>>;
};
using bounded_scan = accy::pipeline<bounded_scan_definition>;

constexpr std::uint32_t scan_n = 5000;
constexpr std::size_t scan_bytes = 20000;     // 5000 floats
constexpr std::size_t scan_tile_bytes = 316;  // ceil(5000 / 64) floats, each intermediate
constexpr std::string_view scan_launch = "launch_pipeline of pipeline 'accy.kernel.test.device_scan' v1";
constexpr std::string_view scan_loading = "load_artifacts of pipeline 'accy.kernel.test.device_scan' v1";
constexpr std::string_view scan_allocating = "allocate_scratch of pipeline 'accy.kernel.test.device_scan' v1";

/// The scan's operand and result of 5000 floats, allocated on the row's backend.
template <class Backend>
struct scan_buffers {
    allocations<Backend> made;
    std::array<accy::buffer, 1> operands;
    std::array<accy::buffer, 1> results;

    explicit scan_buffers(Backend& device) : made(device), operands{made(scan_bytes)}, results{made(scan_bytes)} {}
};

/// The scan launched in `host` format on `device`.
template <class Backend, class... Options>
void launch_scan(Backend& device, std::span<const accy::buffer> operands, std::span<const accy::buffer> results,
                 std::uint32_t n, const Options&... options) {
    accy::launch_pipeline<scan>(device, accy::formats::host, operands, results, scan::scalar_values{n}, options...);
}

/// The scan launched in the run-time format `fmt` (the value of an int, say) on `device`.
template <class Backend, class... Options>
void launch_scan_as(Backend& device, accy::format fmt, const Options&... options) {
    const scan_buffers io(device);
    accy::launch_pipeline<scan>(device, fmt, io.operands, io.results, scan::scalar_values{scan_n}, options...);
}

/// `value` as an `accy::format`, as a program casts a number it read: within the enumeration or not.
constexpr accy::format format_of(int value) { return static_cast<accy::format>(value); }

// --- probes: pipelines whose kernel touches nothing, so that what accy accepts runs on any buffers -------

void touches_nothing(const accy::host_block&) {}

/// A host entry of `touches_nothing`, its target and symbol both `name`.
constexpr accy::kernel_entry probe_entry(std::string_view name, accy::parameter_list parameters,
                                         accy::launch_geometry launch = {}, accy::launch_attributes attributes = {}) {
    const accy::payload nothing = accy::payload::from_host(&touches_nothing);
    return {name, 1, accy::format::host, name, parameters, nothing, launch, attributes};
}

// The scalar probe: one stage whose parameters are derived from typed, bounded runtime scalars.
constexpr auto scalar_probe_registry = accy::make_registry(probe_entry(
    "probe.scalars", {parameter::scalar("twice_a", dtype::u32), parameter::scalar("twice_b", dtype::i32),
                      parameter::scalar("c_squared", dtype::u64), parameter::scalar("minus_d", dtype::i64),
                      parameter::scalar("m_plus_1", dtype::u64), parameter::scalar("wide_as_u32", dtype::u32),
                      parameter::scalar("negative_as_u32", dtype::u32), parameter::scalar("x_as_u32", dtype::u32),
                      parameter::scalar("y_as_f32", dtype::f32), parameter::scalar("h_as_f16", dtype::f16),
                      parameter::scalar("e_as_e4m3", dtype::f8_e4m3), parameter::scalar("small_as_i8", dtype::i8),
                      parameter::scalar("x", dtype::f32), parameter::scalar("count", dtype::u32),
                      parameter::scalar("width", dtype::u64), parameter::scalar("offset", dtype::i64),
                      parameter::scalar("level", dtype::i8), parameter::scalar("shift", dtype::i32)}));

struct scalar_probe_definition : accy::definition_base<"probe.scalars", scalar_probe_registry> {
    using runtime_scalars = accy::runtime_scalars<
        accy::scalar<"a", std::uint32_t>, accy::scalar<"b", std::int32_t>, accy::scalar<"c", std::uint64_t>,
        accy::scalar<"d", std::int64_t>, accy::scalar<"m", std::uint64_t>, accy::scalar<"wide", std::uint64_t>,
        accy::scalar<"negative", std::int32_t>, accy::scalar<"x", float>, accy::scalar<"y", double>,
        accy::scalar<"h", float>, accy::scalar<"e", float>, accy::scalar<"small", std::int64_t>,
        accy::scalar<"count", std::uint32_t, accy::at_least<1>>,
        accy::scalar<"width", std::uint64_t, accy::within<16, 1024>>,
        accy::scalar<"offset", std::int64_t, accy::within<-100, 100>>,
        accy::scalar<"level", std::int8_t, accy::at_most<10>>, accy::scalar<"shift", std::int32_t, accy::at_least<-5>>>;
    template <std::size_t Index>
    using s = accy::forward<Index>;
    using operands = accy::operands<>;
    using results = accy::results<>;
    using stages = accy::stages<accy::stage<
        "probe.scalars", 1, accy::sum<s<0>, s<0>>, accy::sum<s<1>, s<1>>, accy::product<s<2>, s<2>>,
        accy::product<s<3>, accy::constant<-1>>, accy::sum<s<4>, accy::constant<std::uint64_t{1}>>,
        accy::convert<dtype::u32, s<5>>, accy::convert<dtype::u32, s<6>>, accy::convert<dtype::u32, s<7>>,
        accy::convert<dtype::f32, s<8>>, accy::convert<dtype::f16, s<9>>, accy::convert<dtype::f8_e4m3, s<10>>,
        accy::convert<dtype::i8, s<11>>, s<7>, s<12>, s<13>, s<14>, s<15>, s<16>>>;
};
using scalar_probe = accy::pipeline<scalar_probe_definition>;
constexpr std::string_view scalar_probe_launch = "launch_pipeline of pipeline 'probe.scalars' v1";

/// The scalar probe's runtime scalars, each valid unless a row sets it.
struct probe_scalars {
    std::uint32_t a = 1;
    std::int32_t b = 1;
    std::uint64_t c = 1;
    std::int64_t d = 1;
    std::uint64_t m = 1;
    std::uint64_t wide = 1;
    std::int32_t negative = 1;
    float x = 1;
    double y = 1;
    float h = 1;
    float e = 1;
    std::int64_t small = 1;
    std::uint32_t count = 1;
    std::uint64_t width = 16;
    std::int64_t offset = 0;
    std::int8_t level = 0;
    std::int32_t shift = 0;
};

/// The scalar probe launched with `v`.
template <class Backend>
void launch_scalar_probe(Backend& device, const probe_scalars& v) {
    accy::launch_pipeline<scalar_probe>(
        device, accy::formats::host, no_buffers, no_buffers,
        scalar_probe::scalar_values{v.a, v.b, v.c, v.d, v.m, v.wide, v.negative, v.x, v.y, v.h, v.e, v.small, v.count,
                                    v.width, v.offset, v.level, v.shift});
}

// The extents probe: an operand of n bytes, a result of ceil(n / 8) floats, workspaces of k bytes, w f64 and j i32.
constexpr auto extents_probe_registry = accy::make_registry(
    probe_entry("probe.extents",
                {parameter::buffer("in", access::read, dtype::u8), parameter::buffer("out", access::write, dtype::f32),
                 parameter::buffer("bytes", access::read_write, dtype::u8),
                 parameter::buffer("wide", access::read_write, dtype::f64),
                 parameter::buffer("words", access::read_write, dtype::i32), parameter::scalar("n", dtype::u64)}));

struct extents_probe_definition : accy::definition_base<"probe.extents", extents_probe_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>, accy::scalar<"k", std::uint64_t>,
                                                  accy::scalar<"w", std::uint64_t>, accy::scalar<"j", std::int64_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::u8, n>>;
    using results = accy::results<accy::shape<dtype::f32, accy::ceil_div<n, 8>>>;
    using workspaces =
        accy::workspaces<accy::shape<dtype::u8, accy::forward<1>>, accy::shape<dtype::f64, accy::forward<2>>,
                         accy::shape<dtype::i32, accy::forward<3>>>;
    using stages = accy::stages<accy::stage<"probe.extents", 1, accy::operand<0>, accy::result<0>, accy::workspace<0>,
                                            accy::workspace<1>, accy::workspace<2>, n>>;
};
using extents_probe = accy::pipeline<extents_probe_definition>;
constexpr std::string_view extents_probe_launch = "launch_pipeline of pipeline 'probe.extents' v1";

/// The extents probe's runtime scalars, each valid unless a row sets it: 64 operand bytes, 32 result bytes,
/// workspaces of 64, 64 and 16 bytes.
struct extent_scalars {
    std::uint64_t n = 64;
    std::uint64_t k = 64;
    std::uint64_t w = 8;
    std::int64_t j = 4;
};

/// The extents probe launched with `v` over an operand of 64 bytes and a result of 32.
template <class Backend, class... Options>
void launch_extents_probe(Backend& device, const extent_scalars& v, const Options&... options) {
    allocations made(device);
    accy::launch_pipeline<extents_probe>(device, accy::formats::host, std::array{made(64)}, std::array{made(32)},
                                         extents_probe::scalar_values{v.n, v.k, v.w, v.j}, options...);
}

// The grid probe: stage 0's grid is (x, y, z) blocks, stage 1's ceil(s / 32), stage 2's c blocks in clusters of 2.
constexpr accy::launch_geometry grid_of_xyz{
    {grid_dim::ceil_div(0, 1), grid_dim::ceil_div(1, 1), grid_dim::ceil_div(2, 1)}, {1, 1, 1}};
constexpr accy::launch_geometry blocks_of_32{{grid_dim::ceil_div(0, 32), grid_dim::fixed(1), grid_dim::fixed(1)},
                                             {32, 1, 1}};
constexpr accy::launch_geometry one_block_per_c{{grid_dim::ceil_div(0, 1), grid_dim::fixed(1), grid_dim::fixed(1)},
                                                {1, 1, 1}};
constexpr auto grid_probe_registry = accy::make_registry(
    probe_entry(
        "probe.grid",
        {parameter::scalar("x", dtype::u64), parameter::scalar("y", dtype::u32), parameter::scalar("z", dtype::u32)},
        grid_of_xyz),
    probe_entry("probe.signed_grid", {parameter::scalar("s", dtype::i32)}, blocks_of_32),
    probe_entry("probe.clustered_grid", {parameter::scalar("c", dtype::u32)}, one_block_per_c,
                accy::launch_attributes{{2, 1, 1}}));

struct grid_probe_definition : accy::definition_base<"probe.grid", grid_probe_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"x", std::uint64_t>, accy::scalar<"y", std::uint32_t>,
                                                  accy::scalar<"z", std::uint32_t>, accy::scalar<"s", std::int32_t>,
                                                  accy::scalar<"c", std::uint32_t>>;
    using operands = accy::operands<>;
    using results = accy::results<>;
    using stages = accy::stages<accy::stage<"probe.grid", 1, accy::forward<0>, accy::forward<1>, accy::forward<2>>,
                                accy::stage<"probe.signed_grid", 1, accy::forward<3>>,
                                accy::stage<"probe.clustered_grid", 1, accy::forward<4>>>;
};
using grid_probe = accy::pipeline<grid_probe_definition>;
constexpr std::string_view grid_probe_launch = "launch_pipeline of pipeline 'probe.grid' v1";

/// The grid probe's runtime scalars, each valid unless a row sets it.
struct grid_scalars {
    std::uint64_t x = 1;
    std::uint32_t y = 1;
    std::uint32_t z = 1;
    std::int32_t s = 1;
    std::uint32_t c = 2;
};

/// The grid probe launched with `v`.
template <class Backend>
void launch_grid_probe(Backend& device, const grid_scalars& v) {
    accy::launch_pipeline<grid_probe>(device, accy::formats::host, no_buffers, no_buffers,
                                      grid_probe::scalar_values{v.x, v.y, v.z, v.s, v.c});
}

/// A kernel of no parameters, launched through the backend itself.
constexpr accy::kernel_entry direct_entry = probe_entry("probe.direct", {});

/// `direct_entry` loaded on `device` and launched with `config`, no pipeline in between.
template <class Backend>
void launch_directly(Backend& device, const accy::launch_config& config) {
    const accy_test::loaded_kernel<Backend> kernel(device, direct_entry);
    device.launch(kernel.get(), config, {}, std::nullopt);
}

// The in-place probe: operands a and b, result 0 in place over a, result 1 of its own; 16 floats each.
constexpr auto in_place_probe_registry = accy::make_registry(
    probe_entry("probe.in_place",
                {parameter::buffer("a", access::read, dtype::f32), parameter::buffer("b", access::read, dtype::f32),
                 parameter::buffer("out", access::write, dtype::f32),
                 parameter::buffer("copy", access::write, dtype::f32), parameter::scalar("n", dtype::u32)}));

struct in_place_probe_definition : accy::definition_base<"probe.in_place", in_place_probe_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using n = accy::forward<0>;
    using operands = accy::operands<accy::shape<dtype::f32, n>, accy::shape<dtype::f32, n>>;
    using results = accy::results<accy::in_place<0, accy::shape<dtype::f32, n>>, accy::shape<dtype::f32, n>>;
    using stages = accy::stages<
        accy::stage<"probe.in_place", 1, accy::operand<0>, accy::operand<1>, accy::result<0>, accy::result<1>, n>>;
};
using in_place_probe = accy::pipeline<in_place_probe_definition>;
constexpr std::string_view in_place_launch = "launch_pipeline of pipeline 'probe.in_place' v1";

/// The bytes of each of the in-place probe's buffers, which the rows carve from one block of 1024 bytes.
constexpr std::size_t floats_16 = 64;

/// The in-place probe launched with n = 16 over these operands and results.
template <class Backend>
void launch_in_place_probe(Backend& device, const std::array<accy::buffer, 2>& operands,
                           const std::array<accy::buffer, 2>& results) {
    accy::launch_pipeline<in_place_probe>(device, accy::formats::host, operands, results,
                                          in_place_probe::scalar_values{16});
}

// The tile probes: a rows x columns f16 operand read through a tensor map, as tests/support's tile pipeline, with a
// host entry.
constexpr auto tile_registry = accy::make_registry(probe_entry(
    "probe.tile",
    {parameter::tensor_map("map", access::read, dtype::f16, 2), parameter::buffer("out", access::write, dtype::f32),
     parameter::scalar("rows", dtype::u32), parameter::scalar("columns", dtype::u32)},
    {{grid_dim::ceil_div(3, 32), grid_dim::ceil_div(2, 16), grid_dim::fixed(1)}, {128, 1, 1}}));

using rows = accy::forward<0>;
using columns = accy::forward<1>;

/// The tile probe with its map bound to `Map`, a tensor map of operand 0.
template <class Map>
struct tile_definition : accy::definition_base<"probe.tile", tile_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"rows", std::uint32_t, accy::at_least<1>>,
                                                  accy::scalar<"columns", std::uint32_t, accy::at_least<1>>>;
    using operands = accy::operands<accy::shape<dtype::f16, accy::product<rows, columns>>>;
    using results = accy::results<accy::shape<dtype::f32, accy::product<rows, columns>>>;
    using stages = accy::stages<accy::stage<"probe.tile", 1, Map, accy::result<0>, rows, columns>>;
};
/// The whole tensor, packed rows.
using packed_tile = accy::pipeline<
    tile_definition<accy::tensor_map<accy::operand<0>, accy::extents<columns, rows>, accy::box<32, 16>>>>;
/// One row more than the operand holds.
using tall_tile = accy::pipeline<tile_definition<accy::tensor_map<
    accy::operand<0>, accy::extents<columns, accy::sum<rows, accy::constant<1u>>>, accy::box<32, 16>>>>;
/// Rows of columns x 2^31 elements: 2^32 is the most a tensor map's extent may be.
using stretched_tile = accy::pipeline<tile_definition<accy::tensor_map<
    accy::operand<0>, accy::extents<accy::product<columns, accy::constant<std::uint64_t{1} << 31>>, rows>,
    accy::box<32, 16>>>>;
constexpr std::string_view tile_launch = "launch_pipeline of pipeline 'probe.tile' v1";

/// A tile probe launched over a rows x columns operand that starts `misalignment` bytes into its allocation.
template <class Pipeline, class Backend>
void launch_tile(Backend& device, std::uint32_t rows_value, std::uint32_t columns_value,
                 std::uint64_t misalignment = 0) {
    allocations made(device);
    const std::size_t elements = std::size_t{rows_value} * columns_value;
    const accy::buffer operand = part_of(made(elements * 2 + 16), misalignment, elements * 2);
    accy::launch_pipeline<Pipeline>(device, accy::formats::host, std::array{operand}, std::array{made(elements * 4)},
                                    typename Pipeline::scalar_values{rows_value, columns_value});
}

// The square probe: workspaces of n x n and m + 1 bytes, extents whose derivation itself overflows.
constexpr auto square_probe_registry = accy::make_registry(probe_entry(
    "probe.square", {parameter::buffer("square", access::read_write, dtype::u8),
                     parameter::buffer("longer", access::read_write, dtype::u8), parameter::scalar("n", dtype::u64)}));

struct square_probe_definition : accy::definition_base<"probe.square", square_probe_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint64_t>, accy::scalar<"m", std::uint64_t>>;
    using n = accy::forward<0>;
    using m = accy::forward<1>;
    using operands = accy::operands<>;
    using results = accy::results<>;
    using workspaces = accy::workspaces<accy::shape<dtype::u8, accy::product<n, n>>,
                                        accy::shape<dtype::u8, accy::sum<m, accy::constant<std::uint64_t{1}>>>>;
    using stages = accy::stages<accy::stage<"probe.square", 1, accy::workspace<0>, accy::workspace<1>, n>>;
};
using square_probe = accy::pipeline<square_probe_definition>;

/// The square probe launched with n and m.
template <class Backend>
void launch_square_probe(Backend& device, std::uint64_t n, std::uint64_t m) {
    accy::launch_pipeline<square_probe>(device, accy::formats::host, no_buffers, no_buffers,
                                        square_probe::scalar_values{n, m});
}

/// A kernel of one u32 parameter that reads it, launched through the backend itself with `value` passed for it.
void reads_its_scalar(const accy::host_block& block) {
    const volatile std::uint32_t read = block.scalar_as<std::uint32_t>(0);
    static_cast<void>(read);
}
constexpr accy::kernel_entry reads_its_scalar_entry =
    accy_test::host_entry("probe.reads_its_scalar", &reads_its_scalar, {parameter::scalar("n", dtype::u32)});

template <class Backend>
void launch_directly_with(Backend& device, const accy::kernel_argument& value) {
    const accy_test::loaded_kernel<Backend> kernel(device, reads_its_scalar_entry);
    device.launch(kernel.get(), {{1, 1, 1}, {1, 1, 1}, 0}, std::span(&value, 1), std::nullopt);
}

// Host kernels that misuse what they are given, each a one-stage pipeline over 16 floats.
void reads_f32_as_f64(const accy::host_block& block) { static_cast<void>(block.buffer_as<const double>(0)); }
void reads_past_its_parameters(const accy::host_block& block) { static_cast<void>(block.scalar_as<std::uint32_t>(1)); }
void throws_a_runtime_error(const accy::host_block& block) {
    if (block.block_index.x == 0) throw std::runtime_error("the kernel gave up");
}

constexpr accy::parameter_list reads_16_floats{parameter::buffer("values", access::read, dtype::f32)};
constexpr auto kernel_probe_registry = accy::make_registry(
    accy_test::host_entry("probe.reads_as_f64", &reads_f32_as_f64, reads_16_floats),
    accy_test::host_entry("probe.reads_past_its_parameters", &reads_past_its_parameters, reads_16_floats),
    accy_test::host_entry("probe.throws", &throws_a_runtime_error, reads_16_floats));

/// A pipeline of one stage, host entry `Target`, over an operand of 16 floats.
template <accy::fixed_string Target>
struct kernel_probe_definition : accy::definition_base<Target, kernel_probe_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using operands = accy::operands<accy::shape<dtype::f32, accy::constant<16>>>;
    using results = accy::results<>;
    using stages = accy::stages<accy::stage<Target, 1, accy::operand<0>>>;
};

/// The kernel probe of host entry `Target` launched over 16 floats.
template <accy::fixed_string Target>
void launch_kernel_probe(host_backend& device) {
    allocations made(device);
    accy::launch_pipeline<accy::pipeline<kernel_probe_definition<Target>>>(
        device, accy::formats::host, std::array{made(64)}, no_buffers, std::tuple<std::uint32_t>{16});
}

// A host kernel that launches the scan on the backend running it.
host_backend* reentered = nullptr;

void launches_the_scan_on_its_own_backend(const accy::host_block&) {
    const scan_buffers io(*reentered);
    launch_scan(*reentered, io.operands, io.results, scan_n);
}
constexpr auto reentrant_registry =
    accy::make_registry(accy_test::host_entry("probe.reentrant", &launches_the_scan_on_its_own_backend, {}));
struct reentrant_definition : accy::definition_base<"probe.reentrant", reentrant_registry> {
    using runtime_scalars = accy::runtime_scalars<accy::scalar<"n", std::uint32_t>>;
    using operands = accy::operands<>;
    using results = accy::results<>;
    using stages = accy::stages<accy::stage<"probe.reentrant", 1>>;
};
using reentrant = accy::pipeline<reentrant_definition>;

// --- the table --------------------------------------------------------------------------------------

const std::vector<bad_input> table{
    // Formats: a value outside accy::format, a format without entries, the backend's own format.
    {"formats", "format 6 in a cold launch",
     refused(errc::unsupported_operation, {scan_launch, "format 6 is not an accy::format (0 to 5)"}),
     on_both([](auto& device) { launch_scan_as(device, format_of(6)); })},
    {"formats", "format 1000 with a pool",
     refused(errc::unsupported_operation, {scan_launch, "format 1000 is not an accy::format"}),
     on_both([](auto& device) {
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         launch_scan_as(device, format_of(1000), accy::use_pool(pool));
     })},
    {"formats", "format -1 with a pool and scratch",
     refused(errc::unsupported_operation, {scan_launch, "format -1 is not an accy::format"}), on_both([](auto& device) {
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         const auto scratch = accy::allocate_scratch<scan>(device, scan::scalar_values{scan_n});
         launch_scan_as(device, format_of(-1), accy::use_pool(pool), accy::use_scratch(scratch));
     })},
    {"formats", "format INT_MIN in a cold launch",
     refused(errc::unsupported_operation, {scan_launch, "format -2147483648 is not an accy::format"}),
     on_both([](auto& device) { launch_scan_as(device, format_of(std::numeric_limits<int>::min())); })},
    {"formats", "format 7 in load_artifacts",
     refused(errc::unsupported_operation, {scan_loading, "format 7 is not an accy::format (0 to 5)"}),
     on_both([](auto& device) { static_cast<void>(accy::load_artifacts<scan>(device, format_of(7))); })},
    {"formats", "format -1 in load_artifacts", refused(errc::unsupported_operation, {scan_loading, "format -1"}),
     on_both([](auto& device) { static_cast<void>(accy::load_artifacts<scan>(device, format_of(-1))); })},
    {"formats", "metal_msl, a format without entries, in a cold launch",
     refused(errc::unsupported_operation,
             {scan_launch, "stage 0 ('accy.kernel.test.block_scan') has no metal_msl entry in the registry"}),
     on_both([](auto& device) { launch_scan_as(device, accy::format::metal_msl); })},
    {"formats", "cuda_cubin, a format without entries, in load_artifacts",
     refused(errc::unsupported_operation,
             {scan_loading, "stage 0 ('accy.kernel.test.block_scan') has no cuda_cubin entry"}),
     on_both([](auto& device) { static_cast<void>(accy::load_artifacts<scan>(device, accy::format::cuda_cubin)); })},
    {"formats", "cuda_ptx entries on the host backend",
     refused(errc::unsupported_operation, {scan_launch, "stage 0 ('accy.kernel.test.block_scan')",
                                           "is asked for as cuda_ptx; the host backend runs only host entries"}),
     on_host_only([](host_backend& device) { launch_scan_as(device, accy::format::cuda_ptx); })},
    {"formats", "cuda_ptx entries on the recording backend are accepted (it runs nothing and loads any format)",
     accepted, on_recording_only([](recording_backend& device) { launch_scan_as(device, accy::format::cuda_ptx); })},
    {"formats", "format 4 made from an int at run time is host: accepted", accepted,
     on_both([](auto& device) { launch_scan_as(device, format_of(4)); })},
    {"formats", "a pool loaded as host and a launch asking for cuda_ptx",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "the artifact pool was loaded as host, the launch asks for cuda_ptx"}),
     on_both([](auto& device) {
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         launch_scan_as(device, accy::format::cuda_ptx, accy::use_pool(pool));
     })},

    // Operand and result counts, in containers whose size is known only at run time.
    {"counts", "no operands", refused(errc::launch_argument_mismatch, {scan_launch, "expects 1 operands, got 0"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, std::vector<accy::buffer>{}, io.results, scan_n);
     })},
    {"counts", "two operands", refused(errc::launch_argument_mismatch, {scan_launch, "expects 1 operands, got 2"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, std::vector{io.operands[0], io.operands[0]}, io.results, scan_n);
     })},
    {"counts", "no results", refused(errc::launch_argument_mismatch, {scan_launch, "expects 1 results, got 0"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, std::span<const accy::buffer>{}, scan_n);
     })},
    {"counts", "three results", refused(errc::launch_argument_mismatch, {scan_launch, "expects 1 results, got 3"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         launch_scan(device, io.operands, std::vector{io.results[0], made(scan_bytes), made(scan_bytes)}, scan_n);
     })},

    // The first mistake is the one named: format, counts, scalars' bounds, extents, buffers, in that order.
    {"order", "a bad format before no operands", refused(errc::unsupported_operation, {scan_launch, "format 6"}),
     on_both([](auto& device) {
         const std::vector<accy::buffer> none;
         accy::launch_pipeline<scan>(device, format_of(6), none, none, scan::scalar_values{scan_n});
     })},
    {"order", "no operands before a scalar out of its bounds",
     refused(errc::launch_argument_mismatch, {scan_launch, "expects 1 operands, got 0"}), on_both([](auto& device) {
         const std::vector<accy::buffer> none;
         accy::launch_pipeline<bounded_scan>(device, accy::formats::host, none, none,
                                             bounded_scan::scalar_values{6000});
     })},
    {"order", "a scalar out of its bounds before a null operand",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "runtime scalar 0 ('n') is 6000, outside its bounds 0 to 5000"}),
     on_both([](auto& device) {
         accy::launch_pipeline<bounded_scan>(device, accy::formats::host, std::array{accy::buffer{0, scan_bytes}},
                                             std::array{accy::buffer{0, scan_bytes}},
                                             bounded_scan::scalar_values{6000});
     })},
    {"order", "an extent of 0 before a null operand",
     refused(errc::invalid_artifact,
             {scan_launch, "operand 0 (f32) derives an extent of 0 elements from its runtime scalars"}),
     on_both([](auto& device) {
         launch_scan(device, std::array{accy::buffer{0, 0}}, std::array{accy::buffer{0, 0}}, 0);
     })},
    {"order", "of two scalars out of their bounds the first is named",
     refused(errc::launch_argument_mismatch, {scalar_probe_launch, "runtime scalar 12 ('count') is 0"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.count = 0, .shift = -6}); })},

    // Operands.
    {"operands", "the scan's own buffers, cold: accepted", accepted, on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.results, scan_n);
     })},
    {"operands", "the scan's own buffers with a pool and scratch: accepted", accepted, on_both([](auto& device) {
         const scan_buffers io(device);
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         const auto scratch = accy::allocate_scratch<scan>(device, scan::scalar_values{scan_n});
         launch_scan(device, io.operands, io.results, scan_n, accy::use_pool(pool), accy::use_scratch(scratch));
     })},
    {"operands", "a null operand",
     refused(errc::launch_argument_mismatch, {scan_launch, "operand 0 (f32) is a null buffer"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, std::array{accy::buffer{0, scan_bytes}}, io.results, scan_n);
     })},
    {"operands", "a null operand of no bytes",
     refused(errc::launch_argument_mismatch, {scan_launch, "operand 0 (f32) is a null buffer"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, std::array{accy::buffer{}}, io.results, scan_n);
     })},
    {"operands", "an operand one byte too small",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "operand 0 (f32) holds 19999 bytes, the runtime scalars need 20000"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, std::array{part_of(io.operands[0], 0, scan_bytes - 1)}, io.results, scan_n);
     })},
    {"operands", "an operand of no bytes",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "operand 0 (f32) holds 0 bytes, the runtime scalars need 20000"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, std::array{part_of(io.operands[0], 0, 0)}, io.results, scan_n);
     })},
    {"operands", "an operand running past 2^64",
     refused(errc::launch_argument_mismatch,
             {scan_launch,
              "operand 0 (f32) at address 18446744073709551600 of 20000 bytes runs past the end of the address space"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, std::array{accy::buffer{u64_max - 15, scan_bytes}}, io.results, scan_n);
     })},
    {"operands", "an operand of 2^64 - 1 bytes",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "operand 0 (f32) at address", "of 18446744073709551615 bytes runs past the end"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, std::array{part_of(io.operands[0], 0, u64_max)}, io.results, scan_n);
     })},
    {"operands", "an operand ending exactly at 2^64: accepted (recording only: host kernels would read it)", accepted,
     on_recording_only([](recording_backend& device) {
         const scan_buffers io(device);
         launch_scan(device, std::array{accy::buffer{u64_max - scan_bytes + 1, scan_bytes}}, io.results, scan_n);
     })},
    {"operands", "an operand larger than its shape: accepted", accepted, on_both([](auto& device) {
         allocations made(device);
         launch_scan(device, std::array{made(scan_bytes * 2)}, std::array{made(scan_bytes)}, scan_n);
     })},
    {"operands", "an operand of 2^32 - 1 elements that holds 5000",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "operand 0 (f32) holds 20000 bytes, the runtime scalars need 17179869180"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.results, std::numeric_limits<std::uint32_t>::max());
     })},
    {"operands", "two operands sharing their memory: accepted (both are read)", accepted, on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 0, floats_16), part_of(block, 0, floats_16)},
                               {part_of(block, 256, floats_16), part_of(block, 512, floats_16)});
     })},
    {"operands", "the result bound as the operand of a pipeline without in_place",
     refused(errc::launch_argument_mismatch, {scan_launch,
                                              "result 0 (f32) overlaps operand 0; a result may share memory only with "
                                              "the operand it is declared in_place over"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.operands, scan_n);
     })},
    {"operands", "a result starting inside the operand",
     refused(errc::launch_argument_mismatch, {scan_launch, "result 0 (f32) overlaps operand 0"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(scan_bytes * 2);
         launch_scan(device, std::array{part_of(block, 0, scan_bytes)}, std::array{part_of(block, 4000, scan_bytes)},
                     scan_n);
     })},
    {"operands", "a result ending inside the operand",
     refused(errc::launch_argument_mismatch, {scan_launch, "result 0 (f32) overlaps operand 0"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(scan_bytes * 2);
         launch_scan(device, std::array{part_of(block, 4000, scan_bytes)}, std::array{part_of(block, 0, scan_bytes)},
                     scan_n);
     })},
    {"operands", "an operand and a result that touch without sharing a byte: accepted", accepted,
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(scan_bytes * 2);
         launch_scan(device, std::array{part_of(block, 0, scan_bytes)},
                     std::array{part_of(block, scan_bytes, scan_bytes)}, scan_n);
     })},

    // Results, and the in-place rule: a result in_place over an operand starts where it starts, or shares none of it.
    {"results", "a null result",
     refused(errc::launch_argument_mismatch, {scan_launch, "result 0 (f32) is a null buffer"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, std::array{accy::buffer{0, scan_bytes}}, scan_n);
     })},
    {"results", "a result one float too small",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "result 0 (f32) holds 19996 bytes, the runtime scalars need 20000"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, std::array{part_of(io.results[0], 0, scan_bytes - 4)}, scan_n);
     })},
    {"results", "a result running past 2^64",
     refused(errc::launch_argument_mismatch,
             {scan_launch,
              "result 0 (f32) at address 18446744073709541616 of 20000 bytes runs past the end of the address space"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, std::array{accy::buffer{u64_max - 9999, scan_bytes}}, scan_n);
     })},
    {"results", "result 1 the same buffer as result 0",
     refused(errc::launch_argument_mismatch, {in_place_launch, "result 1 (f32) overlaps result 0"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 0, floats_16), part_of(block, 256, floats_16)},
                               {part_of(block, 512, floats_16), part_of(block, 512, floats_16)});
     })},
    {"results", "result 1 overlapping the end of result 0",
     refused(errc::launch_argument_mismatch, {in_place_launch, "result 1 (f32) overlaps result 0"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 0, floats_16), part_of(block, 256, floats_16)},
                               {part_of(block, 512, floats_16), part_of(block, 572, floats_16)});
     })},
    {"results", "an in_place result that is its operand's very buffer: accepted", accepted, on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 0, floats_16), part_of(block, 256, floats_16)},
                               {part_of(block, 0, floats_16), part_of(block, 512, floats_16)});
     })},
    {"results", "an in_place result starting where its operand starts and longer: accepted", accepted,
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 0, floats_16), part_of(block, 256, floats_16)},
                               {part_of(block, 0, 2 * floats_16), part_of(block, 512, floats_16)});
     })},
    {"results", "an in_place result starting 4 bytes into its operand",
     refused(
         errc::launch_argument_mismatch,
         {in_place_launch,
          "result 0 (f32) starts 4 bytes into operand 0; a result in_place over an operand starts where it starts"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 0, floats_16), part_of(block, 256, floats_16)},
                               {part_of(block, 4, floats_16), part_of(block, 512, floats_16)});
     })},
    {"results", "an in_place result overlapping the other operand",
     refused(errc::launch_argument_mismatch, {in_place_launch,
                                              "result 0 (f32) overlaps operand 1; a result may share memory only with "
                                              "the operand it is declared in_place over"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 0, floats_16), part_of(block, 256, floats_16)},
                               {part_of(block, 256, floats_16), part_of(block, 512, floats_16)});
     })},
    {"results", "an in_place result over an operand that is also the other operand",
     refused(errc::launch_argument_mismatch, {in_place_launch, "result 0 (f32) overlaps operand 1"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 0, floats_16), part_of(block, 0, floats_16)},
                               {part_of(block, 0, floats_16), part_of(block, 512, floats_16)});
     })},
    {"results", "a result not in place bound as operand 0",
     refused(errc::launch_argument_mismatch, {in_place_launch, "result 1 (f32) overlaps operand 0"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 0, floats_16), part_of(block, 256, floats_16)},
                               {part_of(block, 512, floats_16), part_of(block, 0, floats_16)});
     })},

    // Runtime scalars against their declared bounds.
    {"scalars", "n of 5001 at most 5000",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "runtime scalar 0 ('n') is 5001, outside its bounds 0 to 5000"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         accy::launch_pipeline<bounded_scan>(device, accy::formats::host, io.operands, io.results,
                                             bounded_scan::scalar_values{5001});
     })},
    {"scalars", "n of 2^32 - 1 at most 5000",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "runtime scalar 0 ('n') is 4294967295, outside its bounds 0 to 5000"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         accy::launch_pipeline<bounded_scan>(device, accy::formats::host, io.operands, io.results,
                                             bounded_scan::scalar_values{std::numeric_limits<std::uint32_t>::max()});
     })},
    {"scalars", "n of 5000 at most 5000: accepted", accepted, on_both([](auto& device) {
         const scan_buffers io(device);
         accy::launch_pipeline<bounded_scan>(device, accy::formats::host, io.operands, io.results,
                                             bounded_scan::scalar_values{5000});
     })},
    {"scalars", "n of 6000 at most 5000 in allocate_scratch",
     refused(errc::launch_argument_mismatch,
             {scan_allocating, "runtime scalar 0 ('n') is 6000, outside its bounds 0 to 5000"}),
     on_both([](auto& device) {
         static_cast<void>(accy::allocate_scratch<bounded_scan>(device, bounded_scan::scalar_values{6000}));
     })},
    {"scalars", "a u32 of 0 at least 1",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "runtime scalar 12 ('count') is 0, outside its bounds 1 to 4294967295"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.count = 0}); })},
    {"scalars", "a u64 of 15 within 16 to 1024",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "runtime scalar 13 ('width') is 15, outside its bounds 16 to 1024"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.width = 15}); })},
    {"scalars", "a u64 of 1025 within 16 to 1024",
     refused(errc::launch_argument_mismatch, {scalar_probe_launch, "runtime scalar 13 ('width') is 1025"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.width = 1025}); })},
    {"scalars", "a u64 of 2^64 - 1 within 16 to 1024",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "runtime scalar 13 ('width') is 18446744073709551615"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.width = u64_max}); })},
    {"scalars", "an i64 of -101 within -100 to 100",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "runtime scalar 14 ('offset') is -101, outside its bounds -100 to 100"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.offset = -101}); })},
    {"scalars", "an i64 of -2^63 within -100 to 100",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "runtime scalar 14 ('offset') is -9223372036854775808"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.offset = std::numeric_limits<std::int64_t>::min()}); })},
    {"scalars", "an i8 of 11 at most 10",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "runtime scalar 15 ('level') is 11, outside its bounds -128 to 10"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.level = 11}); })},
    {"scalars", "an i8 of -128 at most 10: accepted", accepted,
     on_both([](auto& device) { launch_scalar_probe(device, {.level = -128}); })},
    {"scalars", "an i32 of -6 at least -5",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "runtime scalar 16 ('shift') is -6, outside its bounds -5 to 2147483647"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.shift = -6}); })},
    {"scalars", "a NaN float converted to f16, a NaN: accepted", accepted,
     on_both([](auto& device) { launch_scalar_probe(device, {.h = std::nanf("")}); })},

    // Derivations: sums, products and conversions that do not fit their type.
    {"derivations", "a u32 sum past 2^32 - 1",
     refused(
         errc::launch_argument_mismatch,
         {scalar_probe_launch,
          "stage 0 ('probe.scalars'), parameter 0 ('twice_a'): a sum is 4294967296, outside u32 (0 to 4294967295)"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.a = std::uint32_t{1} << 31}); })},
    {"derivations", "an i32 sum below -2^31",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch,
              "parameter 1 ('twice_b'): a sum is -4294967296, outside i32 (-2147483648 to 2147483647)"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.b = std::numeric_limits<std::int32_t>::min()}); })},
    {"derivations", "a u64 product past 2^64 - 1",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "parameter 2 ('c_squared'): a product 4294967296 x 4294967296 overflows u64"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.c = std::uint64_t{1} << 32}); })},
    {"derivations", "a u64 product of (2^32 - 1)^2: accepted", accepted,
     on_both([](auto& device) { launch_scalar_probe(device, {.c = 0xffffffffu}); })},
    {"derivations", "an i64 product of -2^63 and -1",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "parameter 3 ('minus_d'): a product is 9223372036854775808, outside i64"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.d = std::numeric_limits<std::int64_t>::min()}); })},
    {"derivations", "a u64 sum of 2^64 - 1 and 1",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch,
              "parameter 4 ('m_plus_1'): a sum is 18446744073709551616, outside u64 (0 to 18446744073709551615)"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.m = u64_max}); })},
    {"derivations", "a u64 of 2^32 converted to u32",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch,
              "parameter 5 ('wide_as_u32'): a converted value is 4294967296, outside u32 (0 to 4294967295)"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.wide = std::uint64_t{1} << 32}); })},
    {"derivations", "a negative i32 converted to u32",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "parameter 6 ('negative_as_u32'): a converted value is -1, outside u32"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.negative = -1}); })},
    {"derivations", "a NaN float converted to u32",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "parameter 7 ('x_as_u32'): a converted value nan does not fit u32"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.x = std::nanf("")}); })},
    {"derivations", "an infinite float converted to u32",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "parameter 7 ('x_as_u32'): a converted value inf does not fit u32"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.x = std::numeric_limits<float>::infinity()}); })},
    {"derivations", "a negative float converted to u32",
     refused(errc::launch_argument_mismatch, {scalar_probe_launch, "a converted value -1.5 does not fit u32"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.x = -1.5f}); })},
    {"derivations", "a float of 2^32 converted to u32",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "a converted value 4294967296 does not fit u32"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.x = 4294967296.0f}); })},
    {"derivations", "the largest float below 2^32 converted to u32: accepted", accepted,
     on_both([](auto& device) { launch_scalar_probe(device, {.x = 4294967040.0f}); })},
    {"derivations", "an f64 of 2^128 converted to f32",
     refused(errc::launch_argument_mismatch, {scalar_probe_launch,
                                              "parameter 8 ('y_as_f32'): a converted value "
                                              "3.402823669209385e+38 does not fit f32"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.y = std::ldexp(1.0, 128)}); })},
    {"derivations", "an infinite f64 converted to f32, an infinity: accepted", accepted,
     on_both([](auto& device) { launch_scalar_probe(device, {.y = std::numeric_limits<double>::infinity()}); })},
    {"derivations", "a float of 65536 converted to f16",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "parameter 9 ('h_as_f16'): a converted value 65536 does not fit f16"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.h = 65536.0f}); })},
    {"derivations", "a float of 449 converted to f8_e4m3",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "parameter 10 ('e_as_e4m3'): a converted value 449 does not fit f8_e4m3"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.e = 449.0f}); })},
    {"derivations", "an infinite float converted to f8_e4m3, which has no infinity",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "parameter 10 ('e_as_e4m3'): a converted value inf does not fit f8_e4m3"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.e = std::numeric_limits<float>::infinity()}); })},
    {"derivations", "a float of 448 converted to f8_e4m3, its largest: accepted", accepted,
     on_both([](auto& device) { launch_scalar_probe(device, {.e = 448.0f}); })},
    {"derivations", "an i64 of 128 converted to i8",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "parameter 11 ('small_as_i8'): a converted value is 128, outside i8 (-128 to 127)"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.small = 128}); })},
    {"derivations", "an i64 of -2^63 converted to i8",
     refused(errc::launch_argument_mismatch,
             {scalar_probe_launch, "a converted value is -9223372036854775808, outside i8"}),
     on_both([](auto& device) { launch_scalar_probe(device, {.small = std::numeric_limits<std::int64_t>::min()}); })},

    // Extents derived from the runtime scalars: 0, negative, overflowing a byte size, larger than the buffers.
    {"extents", "the scan's n of 0",
     refused(errc::invalid_artifact,
             {scan_launch, "operand 0 (f32) derives an extent of 0 elements from its runtime scalars"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.results, 0);
     })},
    {"extents", "the scan's n of 0 with caller scratch",
     refused(errc::invalid_artifact, {scan_launch, "operand 0 (f32) derives an extent of 0 elements"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         launch_scan(device, io.operands, io.results, 0, accy::use_scratch(std::array{made(64), made(64)}));
     })},
    {"extents", "the extents probe's own sizes, cold: accepted", accepted,
     on_both([](auto& device) { launch_extents_probe(device, {}); })},
    {"extents", "a workspace of n x n bytes for n = 2^16, 4 GiB on the recording backend: accepted", accepted,
     on_recording_only([](recording_backend& device) { launch_square_probe(device, std::uint64_t{1} << 16, 4); })},
    {"extents", "an operand of n = 0 bytes",
     refused(errc::invalid_artifact,
             {extents_probe_launch, "operand 0 (u8) derives an extent of 0 elements from its runtime scalars"}),
     on_both([](auto& device) { launch_extents_probe(device, {.n = 0}); })},
    {"extents", "an operand of n = 2^64 - 1 bytes",
     refused(errc::launch_argument_mismatch,
             {extents_probe_launch, "operand 0 (u8) holds 64 bytes, the runtime scalars need 18446744073709551615"}),
     on_both([](auto& device) { launch_extents_probe(device, {.n = u64_max}); })},
    {"extents", "an operand of n = 2^63 = PTRDIFF_MAX + 1 bytes",
     refused(errc::launch_argument_mismatch,
             {extents_probe_launch, "operand 0 (u8) holds 64 bytes, the runtime scalars need 9223372036854775808"}),
     on_both([](auto& device) { launch_extents_probe(device, {.n = two_to_63}); })},
    {"extents", "an operand of n = PTRDIFF_MAX bytes",
     refused(errc::launch_argument_mismatch,
             {extents_probe_launch, "operand 0 (u8) holds 64 bytes, the runtime scalars need 9223372036854775807"}),
     on_both([](auto& device) { launch_extents_probe(device, {.n = ptrdiff_max}); })},
    {"extents", "a workspace of 2^61 f64, 2^64 bytes",
     refused(errc::invalid_artifact,
             {extents_probe_launch, "workspace 1 (f64) of 2305843009213693952 elements overflows a byte size"}),
     on_both([](auto& device) { launch_extents_probe(device, {.w = std::uint64_t{1} << 61}); })},
    {"extents", "a workspace of 2^64 - 1 f64",
     refused(errc::invalid_artifact,
             {extents_probe_launch, "workspace 1 (f64) of 18446744073709551615 elements overflows a byte size"}),
     on_both([](auto& device) { launch_extents_probe(device, {.w = u64_max}); })},
    {"extents", "a workspace of j = 0 elements",
     refused(errc::invalid_artifact,
             {extents_probe_launch, "workspace 2 (i32) derives an extent of 0 elements from its runtime scalars"}),
     on_both([](auto& device) { launch_extents_probe(device, {.j = 0}); })},
    {"extents", "a workspace of j = -1 elements",
     refused(errc::invalid_artifact, {extents_probe_launch, "workspace 2 (i32) derives an extent of -1 elements"}),
     on_both([](auto& device) { launch_extents_probe(device, {.j = -1}); })},
    {"extents", "a workspace of j = -2^63 elements, with caller scratch",
     refused(errc::invalid_artifact,
             {extents_probe_launch, "workspace 2 (i32) derives an extent of -9223372036854775808 elements"}),
     on_both([](auto& device) {
         allocations made(device);
         launch_extents_probe(device, {.j = std::numeric_limits<std::int64_t>::min()},
                              accy::use_scratch(std::array{made(64), made(64), made(16)}));
     })},
    {"extents", "a cold launch's workspace of 2^64 - 1 bytes: the next workspace does not fit in the arena",
     refused(errc::invalid_artifact, {extents_probe_launch, "workspace 1 (f64) of 64 bytes does not fit in the scratch arena "
                                                            "beside the buffers live with it: its end would overflow a byte size"}),
     on_both([](auto& device) { launch_extents_probe(device, {.k = u64_max}); })},
    {"extents", "a cold launch's workspace of 2^63 = PTRDIFF_MAX + 1 bytes, beside the operand and result",
     refused(errc::out_of_memory, {extents_probe_launch, "allocating the scratch arena of 9223372036854776080 bytes"}),
     on_both([](auto& device) { launch_extents_probe(device, {.k = two_to_63}); })},
    {"extents", "a cold launch's workspace of PTRDIFF_MAX bytes, beside the operand and result",
     refused(errc::out_of_memory, {extents_probe_launch, "allocating the scratch arena of 9223372036854776080 bytes"}),
     on_both([](auto& device) { launch_extents_probe(device, {.k = ptrdiff_max}); })},
    {"extents", "allocate_scratch of a workspace of 2^63 bytes beside another buffer",
     refused(errc::out_of_memory,
             {"allocate_scratch of pipeline 'probe.extents' v1, allocating the scratch arena of 9223372036854776080 bytes"}),
     on_both([](auto& device) {
         allocations made(device);
         made(1);
         static_cast<void>(
             accy::allocate_scratch<extents_probe>(device, extents_probe::scalar_values{64, two_to_63, 8, 4}));
     })},
    {"extents", "allocate_scratch of a workspace of 2^63 bytes on the host backend",
     refused(
         errc::out_of_memory,
         {"allocate_scratch of pipeline 'probe.extents' v1, allocating the scratch arena of 9223372036854776080 bytes: "
          "host backend: cannot allocate a buffer of 9223372036854776080 bytes"}),
     on_host_only([](host_backend& device) {
         static_cast<void>(
             accy::allocate_scratch<extents_probe>(device, extents_probe::scalar_values{64, two_to_63, 8, 4}));
     })},
    {"extents", "a workspace of n x n bytes for n = 2^32",
     refused(errc::launch_argument_mismatch, {"launch_pipeline of pipeline 'probe.square' v1, extent of workspace 0 "
                                              "(u8): a product 4294967296 x 4294967296 overflows u64"}),
     on_both([](auto& device) { launch_square_probe(device, std::uint64_t{1} << 32, 4); })},
    {"extents", "a workspace of m + 1 bytes for m = 2^64 - 1",
     refused(errc::launch_argument_mismatch, {"launch_pipeline of pipeline 'probe.square' v1, extent of workspace 1 "
                                              "(u8): a sum is 18446744073709551616, outside u64"}),
     on_both([](auto& device) { launch_square_probe(device, 4, u64_max); })},
    {"extents", "allocate_scratch of n x n bytes for n = 2^32",
     refused(errc::launch_argument_mismatch, {"allocate_scratch of pipeline 'probe.square' v1, extent of workspace 0 "
                                              "(u8): a product 4294967296 x 4294967296 overflows u64"}),
     on_both([](auto& device) {
         static_cast<void>(
             accy::allocate_scratch<square_probe>(device, square_probe::scalar_values{std::uint64_t{1} << 32, 4}));
     })},
    {"extents",
     "allocate_scratch of a workspace of 2^63 bytes beside others on the recording backend: their arena is more "
     "than its upper half",
     refused(
         errc::out_of_memory,
         {"allocate_scratch of pipeline 'probe.extents' v1, allocating the scratch arena of 9223372036854776080 bytes: "
          "recording backend: cannot place a buffer of 9223372036854776080 bytes, 9223372036854775808 bytes of address "
          "space are left"}),
     on_recording_only([](recording_backend& device) {
         static_cast<void>(
             accy::allocate_scratch<extents_probe>(device, extents_probe::scalar_values{64, two_to_63, 8, 4}));
     })},

    // Grids: derived from the stage's scalars, checked against CUDA's limits before any stage launches.
    {"grids", "a grid of 0 blocks in x",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch, "stage 0 ('probe.grid'): grid dimension x derives 0 blocks, outside 1 to 2147483647"}),
     on_both([](auto& device) { launch_grid_probe(device, {.x = 0}); })},
    {"grids", "a grid of 2^31 blocks in x",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch, "grid dimension x derives 2147483648 blocks, outside 1 to 2147483647"}),
     on_both([](auto& device) { launch_grid_probe(device, {.x = std::uint64_t{1} << 31}); })},
    {"grids", "a grid of 2^64 - 1 blocks in x",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch, "grid dimension x derives 18446744073709551615 blocks"}),
     on_both([](auto& device) { launch_grid_probe(device, {.x = u64_max}); })},
    {"grids", "a grid of 2^31 - 1 blocks in x: accepted (recording only: the host would run them)", accepted,
     on_recording_only(
         [](recording_backend& device) { launch_grid_probe(device, {.x = (std::uint64_t{1} << 31) - 1}); })},
    {"grids", "a grid of 0 blocks in y",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch, "stage 0 ('probe.grid'): grid dimension y derives 0 blocks, outside 1 to 65535"}),
     on_both([](auto& device) { launch_grid_probe(device, {.y = 0}); })},
    {"grids", "a grid of 65536 blocks in y",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch, "grid dimension y derives 65536 blocks, outside 1 to 65535"}),
     on_both([](auto& device) { launch_grid_probe(device, {.y = 65536}); })},
    {"grids", "a grid of 65535 blocks in y: accepted", accepted,
     on_both([](auto& device) { launch_grid_probe(device, {.y = 65535}); })},
    {"grids", "a grid of 65536 blocks in z",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch, "grid dimension z derives 65536 blocks, outside 1 to 65535"}),
     on_both([](auto& device) { launch_grid_probe(device, {.z = 65536}); })},
    {"grids", "a grid of 2^32 - 1 blocks in z",
     refused(errc::launch_argument_mismatch, {grid_probe_launch, "grid dimension z derives 4294967295 blocks"}),
     on_both([](auto& device) { launch_grid_probe(device, {.z = std::numeric_limits<std::uint32_t>::max()}); })},
    {"grids", "a grid from a negative i32",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch,
              "stage 1 ('probe.signed_grid'): grid dimension x derives 0 blocks, outside 1 to 2147483647"}),
     on_both([](auto& device) { launch_grid_probe(device, {.s = -1}); })},
    {"grids", "a grid from an i32 of -2^31",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch, "stage 1 ('probe.signed_grid'): grid dimension x derives 0 blocks"}),
     on_both([](auto& device) { launch_grid_probe(device, {.s = std::numeric_limits<std::int32_t>::min()}); })},
    {"grids", "a grid of 3 blocks for clusters of 2",
     refused(errc::launch_argument_mismatch, {grid_probe_launch,
                                              "stage 2 ('probe.clustered_grid'): grid dimension x derives 3 blocks, "
                                              "not a multiple of the entry's cluster of 2"}),
     on_both([](auto& device) { launch_grid_probe(device, {.c = 3}); })},
    {"grids", "a grid of 0 blocks for clusters of 2",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch, "stage 2 ('probe.clustered_grid'): grid dimension x derives 0 blocks"}),
     on_both([](auto& device) { launch_grid_probe(device, {.c = 0}); })},
    {"grids", "a grid of 4 blocks for clusters of 2: accepted", accepted,
     on_both([](auto& device) { launch_grid_probe(device, {.c = 4}); })},
    {"grids", "a backend's launch of a grid of 0 blocks",
     refused(errc::launch_argument_mismatch, {"grid (0, 1, 1), block (1, 1, 1)", "outside CUDA's limits"}),
     on_both([](auto& device) {
         launch_directly(device, {{0, 1, 1}, {1, 1, 1}, 0});
     })},
    {"grids", "a backend's launch of a grid of 2^31 blocks in x",
     refused(errc::launch_argument_mismatch, {"grid (2147483648, 1, 1), block (1, 1, 1)", "outside CUDA's limits"}),
     on_both([](auto& device) {
         launch_directly(device, {{1u << 31, 1, 1}, {1, 1, 1}, 0});
     })},
    {"grids", "a backend's launch of a grid of 65536 blocks in y",
     refused(errc::launch_argument_mismatch, {"grid (1, 65536, 1), block (1, 1, 1)", "outside CUDA's limits"}),
     on_both([](auto& device) {
         launch_directly(device, {{1, 65536, 1}, {1, 1, 1}, 0});
     })},
    {"grids", "a backend's launch of a grid of 2^32 - 1 blocks in every dimension",
     refused(errc::launch_argument_mismatch,
             {"grid (4294967295, 4294967295, 4294967295), block (1, 1, 1)", "outside CUDA's limits"}),
     on_both([](auto& device) {
         launch_directly(device, {{0xffffffffu, 0xffffffffu, 0xffffffffu}, {1, 1, 1}, 0});
     })},
    {"blocks", "a backend's launch of a block of 0 threads",
     refused(errc::launch_argument_mismatch, {"grid (1, 1, 1), block (0, 1, 1)", "outside CUDA's limits"}),
     on_both([](auto& device) {
         launch_directly(device, {{1, 1, 1}, {0, 1, 1}, 0});
     })},
    {"blocks", "a backend's launch of a block of 1025 threads in x",
     refused(errc::launch_argument_mismatch, {"grid (1, 1, 1), block (1025, 1, 1)", "outside CUDA's limits"}),
     on_both([](auto& device) {
         launch_directly(device, {{1, 1, 1}, {1025, 1, 1}, 0});
     })},
    {"blocks", "a backend's launch of a block of 65 threads in z",
     refused(errc::launch_argument_mismatch, {"grid (1, 1, 1), block (1, 1, 65)", "outside CUDA's limits"}),
     on_both([](auto& device) {
         launch_directly(device, {{1, 1, 1}, {1, 1, 65}, 0});
     })},
    {"blocks", "a backend's launch of a block of 32 x 32 x 2 threads, 2048 in all",
     refused(errc::launch_argument_mismatch, {"grid (1, 1, 1), block (32, 32, 2)", "outside CUDA's limits"}),
     on_both([](auto& device) {
         launch_directly(device, {{1, 1, 1}, {32, 32, 2}, 0});
     })},
    {"blocks", "a backend's launch of a block of 1024 threads: accepted", accepted, on_both([](auto& device) {
         launch_directly(device, {{3, 2, 1}, {1024, 1, 1}, 0});
     })},

    // The caller's scratch: count, null, size, overlap, and scratch_buffers made for other scalars.
    {"scratch", "no scratch buffers",
     refused(errc::launch_argument_mismatch, {scan_launch, "expects 2 intermediates and 0 workspaces, got 0 buffers"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.results, scan_n, accy::use_scratch(std::vector<accy::buffer>{}));
     })},
    {"scratch", "one scratch buffer of two",
     refused(errc::launch_argument_mismatch, {scan_launch, "expects 2 intermediates and 0 workspaces, got 1 buffers"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         launch_scan(device, io.operands, io.results, scan_n, accy::use_scratch(std::vector{made(scan_tile_bytes)}));
     })},
    {"scratch", "three scratch buffers of two", refused(errc::launch_argument_mismatch, {scan_launch, "got 3 buffers"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         launch_scan(
             device, io.operands, io.results, scan_n,
             accy::use_scratch(std::vector{made(scan_tile_bytes), made(scan_tile_bytes), made(scan_tile_bytes)}));
     })},
    {"scratch", "a null intermediate",
     refused(errc::launch_argument_mismatch, {scan_launch, "intermediate 0 is a null buffer"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         launch_scan(device, io.operands, io.results, scan_n,
                     accy::use_scratch(std::array{accy::buffer{0, scan_tile_bytes}, made(scan_tile_bytes)}));
     })},
    {"scratch", "an intermediate one byte too small",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "intermediate 1 holds 315 bytes, the runtime scalars need 316"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         launch_scan(device, io.operands, io.results, scan_n,
                     accy::use_scratch(std::array{made(scan_tile_bytes), made(scan_tile_bytes - 1)}));
     })},
    {"scratch", "an intermediate running past 2^64",
     refused(errc::launch_argument_mismatch,
             {scan_launch,
              "intermediate 0 at address 18446744073709551360 of 316 bytes runs past the end of the address space"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         launch_scan(
             device, io.operands, io.results, scan_n,
             accy::use_scratch(std::array{accy::buffer{u64_max - 255, scan_tile_bytes}, made(scan_tile_bytes)}));
     })},
    {"scratch", "the same buffer as both intermediates",
     refused(errc::launch_argument_mismatch, {scan_launch, "intermediate 1 overlaps intermediate 0"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         const accy::buffer shared = made(scan_tile_bytes);
         launch_scan(device, io.operands, io.results, scan_n, accy::use_scratch(std::array{shared, shared}));
     })},
    {"scratch", "intermediate 1 inside intermediate 0",
     refused(errc::launch_argument_mismatch, {scan_launch, "intermediate 1 overlaps intermediate 0"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_scan(device, io.operands, io.results, scan_n,
                     accy::use_scratch(std::array{part_of(block, 0, 1024), part_of(block, 512, scan_tile_bytes)}));
     })},
    {"scratch", "an intermediate that is the operand",
     refused(errc::launch_argument_mismatch, {scan_launch, "intermediate 0 overlaps operand 0"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         launch_scan(device, io.operands, io.results, scan_n,
                     accy::use_scratch(std::array{io.operands[0], made(scan_tile_bytes)}));
     })},
    {"scratch", "an intermediate inside the result",
     refused(errc::launch_argument_mismatch, {scan_launch, "intermediate 1 overlaps result 0"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         launch_scan(
             device, io.operands, io.results, scan_n,
             accy::use_scratch(std::array{made(scan_tile_bytes), part_of(io.results[0], 1000, scan_tile_bytes)}));
     })},
    {"scratch", "intermediates that touch without sharing a byte: accepted", accepted, on_both([](auto& device) {
         const scan_buffers io(device);
         allocations made(device);
         const accy::buffer block = made(2 * scan_tile_bytes);
         launch_scan(device, io.operands, io.results, scan_n,
                     accy::use_scratch(std::array{part_of(block, 0, scan_tile_bytes),
                                                  part_of(block, scan_tile_bytes, scan_tile_bytes)}));
     })},
    {"scratch", "allocate_scratch of n = 64 for a launch of n = 5000",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "intermediate 0 holds 4 bytes, the runtime scalars need 316"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         const auto smaller = accy::allocate_scratch<scan>(device, scan::scalar_values{64});
         launch_scan(device, io.operands, io.results, scan_n, accy::use_scratch(smaller));
     })},
    {"scratch", "allocate_scratch of n = 10000 for a launch of n = 5000: accepted", accepted, on_both([](auto& device) {
         const scan_buffers io(device);
         const auto larger = accy::allocate_scratch<scan>(device, scan::scalar_values{10000});
         launch_scan(device, io.operands, io.results, scan_n, accy::use_scratch(larger));
     })},
    {"scratch", "allocate_scratch of n = 0",
     refused(errc::invalid_artifact, {scan_allocating, "intermediate 0 (f32) derives an extent of 0 elements"}),
     on_both([](auto& device) { static_cast<void>(accy::allocate_scratch<scan>(device, scan::scalar_values{0})); })},
    {"scratch", "allocate_scratch of n = 0 with a label",
     refused(errc::invalid_artifact,
             {"allocate_scratch of pipeline 'accy.kernel.test.device_scan' v1 [warm-up]: intermediate 0 (f32)"}),
     on_both([](auto& device) {
         static_cast<void>(accy::allocate_scratch<scan>(device, scan::scalar_values{0}, "warm-up"));
     })},
    {"scratch", "a null workspace",
     refused(errc::launch_argument_mismatch, {extents_probe_launch, "workspace 2 is a null buffer"}),
     on_both([](auto& device) {
         allocations made(device);
         launch_extents_probe(device, {}, accy::use_scratch(std::array{made(64), made(64), accy::buffer{0, 16}}));
     })},
    {"scratch", "a workspace one byte too small",
     refused(errc::launch_argument_mismatch,
             {extents_probe_launch, "workspace 0 holds 63 bytes, the runtime scalars need 64"}),
     on_both([](auto& device) {
         allocations made(device);
         launch_extents_probe(device, {}, accy::use_scratch(std::array{made(63), made(64), made(16)}));
     })},
    {"scratch", "a scratch buffer for a pipeline of no intermediates or workspaces",
     refused(errc::launch_argument_mismatch,
             {grid_probe_launch, "expects 0 intermediates and 0 workspaces, got 1 buffers"}),
     on_both([](auto& device) {
         allocations made(device);
         accy::launch_pipeline<grid_probe>(device, accy::formats::host, no_buffers, no_buffers,
                                           grid_probe::scalar_values{1, 1, 1, 1, 2},
                                           accy::use_scratch(std::vector{made(64)}));
     })},
    {"scratch", "no scratch buffers for a pipeline of none: accepted", accepted, on_both([](auto& device) {
         accy::launch_pipeline<grid_probe>(device, accy::formats::host, no_buffers, no_buffers,
                                           grid_probe::scalar_values{1, 1, 1, 1, 2},
                                           accy::use_scratch(std::vector<accy::buffer>{}));
     })},
    {"scratch", "a workspace overlapping another",
     refused(errc::launch_argument_mismatch, {extents_probe_launch, "workspace 2 overlaps workspace 1"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer wide = made(64);
         launch_extents_probe(device, {}, accy::use_scratch(std::array{made(64), wide, part_of(wide, 48, 16)}));
     })},

    // Pools: moved from, of another backend instance, of another format, with payloads of another count.
    {"pools", "a moved-from pool",
     refused(errc::launch_argument_mismatch, {scan_launch, "the artifact pool was moved from"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         const auto moved_to = std::move(pool);
         launch_scan(device, io.operands, io.results, scan_n, accy::use_pool(pool));
     })},
    {"pools", "a pool move-assigned away",
     refused(errc::launch_argument_mismatch, {scan_launch, "the artifact pool was moved from"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         auto other = accy::load_artifacts<scan>(device, accy::formats::host);
         other = std::move(pool);
         launch_scan(device, io.operands, io.results, scan_n, accy::use_pool(pool));
     })},
    {"pools", "a pool loaded on another backend instance",
     refused(errc::launch_argument_mismatch, {scan_launch, "the artifact pool was loaded on another backend instance"}),
     on_both([](auto& device) {
         backend_of<decltype(device)> other;
         const auto pool = accy::load_artifacts<scan>(other, accy::formats::host);
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.results, scan_n, accy::use_pool(pool));
     })},
    {"pools", "a pool loaded before its host backend was moved, launched on the backend it moved to",
     refused(errc::launch_argument_mismatch, {scan_launch, "the artifact pool was loaded on another backend instance"}),
     on_host_only([](host_backend& device) {
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         host_backend moved_to = std::move(device);
         const scan_buffers io(moved_to);
         launch_scan(moved_to, io.operands, io.results, scan_n, accy::use_pool(pool));
     })},
    {"pools", "load_artifacts with 2 payloads for 3 stages",
     refused(errc::launch_argument_mismatch, {scan_loading, "expects 3 payloads, one per stage, got 2"}),
     on_both([](auto& device) {
         const std::array<accy::payload, 2> two{};
         static_cast<void>(accy::load_artifacts<scan>(device, accy::formats::host, two));
     })},
    {"pools", "load_artifacts with 4 payloads for 3 stages",
     refused(errc::launch_argument_mismatch, {scan_loading, "expects 3 payloads, one per stage, got 4"}),
     on_both([](auto& device) {
         const std::array<accy::payload, 4> four{};
         static_cast<void>(accy::load_artifacts<scan>(device, accy::formats::host, four));
     })},
    {"pools", "load_artifacts with 3 empty payloads keeps the entries': accepted", accepted, on_both([](auto& device) {
         const std::array<accy::payload, 3> none{};
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host, none);
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.results, scan_n, accy::use_pool(pool));
     })},
    {"pools", "a PTX payload for a host entry on the host backend",
     refused(errc::invalid_artifact,
             {scan_loading,
              "stage 0 ('accy.kernel.test.block_scan'): host backend: kernel entry 'accy.kernel.test.block_scan'",
              "carries no host function"}),
     on_host_only([](host_backend& device) {
         const std::array<accy::payload, 3> text{accy::payload::from_text(".entry x"), {}, {}};
         static_cast<void>(accy::load_artifacts<scan>(device, accy::formats::host, text));
     })},
    {"pools", "a PTX payload for a host entry on the recording backend: accepted (it checks no artifact)", accepted,
     on_recording_only([](recording_backend& device) {
         const std::array<accy::payload, 3> text{accy::payload::from_text(".entry x"), {}, {}};
         static_cast<void>(accy::load_artifacts<scan>(device, accy::formats::host, text));
     })},

    // A backend's own launch, without a pipeline: the host backend checks the kernel and the arguments' count.
    {"backend calls", "a backend's launch of a host kernel no load_artifact returned",
     refused(errc::invalid_artifact, {"host backend: launch of a kernel that no load_artifact returned"}),
     on_host_only([](host_backend& device) {
         device.launch(accy::host::kernel{}, {{1, 1, 1}, {1, 1, 1}, 0}, {}, std::nullopt);
     })},
    {"backend calls", "a backend's launch with one argument for a kernel of none",
     refused(errc::launch_argument_mismatch,
             {"host backend: launch of 'probe.direct': the entry declares 0 parameters, the launch passes 1"}),
     on_host_only([](host_backend& device) {
         const accy_test::loaded_kernel<host_backend> kernel(device, direct_entry);
         const std::uint32_t value = 7;
         const std::array arguments{accy_test::value_argument(value)};
         device.launch(kernel.get(), {{1, 1, 1}, {1, 1, 1}, 0}, arguments, std::nullopt);
     })},
    {"backend calls", "a recording launch of one argument for a kernel of none: accepted (it checks no arguments)",
     accepted, on_recording_only([](recording_backend& device) {
         const accy_test::loaded_kernel<recording_backend> kernel(device, direct_entry);
         const std::uint32_t value = 7;
         const std::array arguments{accy_test::value_argument(value)};
         device.launch(kernel.get(), {{1, 1, 1}, {1, 1, 1}, 0}, arguments, std::nullopt);
     })},

    // Moved-from objects: scratch_buffers, device_buffer, the host backend.
    {"moved-from", "a moved-from scratch_buffers",
     refused(errc::launch_argument_mismatch, {scan_launch, "intermediate 0 is a null buffer"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         auto scratch = accy::allocate_scratch<scan>(device, scan::scalar_values{scan_n});
         const auto moved_to = std::move(scratch);
         launch_scan(device, io.operands, io.results, scan_n, accy::use_scratch(scratch));
     })},
    {"moved-from", "a moved-from device_buffer's view as the operand",
     refused(errc::launch_argument_mismatch, {scan_launch, "operand 0 (f32) is a null buffer"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         accy::device_buffer<float, backend_of<decltype(device)>> values(device, scan_n);
         const auto moved_to = std::move(values);
         launch_scan(device, std::array{values.view()}, io.results, scan_n);
     })},
    {"moved-from", "a device_buffer move-assigned away, then downloaded",
     refused(errc::launch_argument_mismatch, {"device_buffer: download of a moved-from buffer"}),
     on_host_only([](host_backend& device) {
         accy::device_buffer<float, host_backend> values(device, 16), other(device, 4);
         other = std::move(values);
         static_cast<void>(values.download(0));
     })},
    {"moved-from", "a device_buffer move-assigned to itself keeps its elements: accepted", accepted,
     on_host_only([](host_backend& device) {
         accy::device_buffer<float, host_backend> values(device, 16);
         auto& same = values;
         values = std::move(same);
         if (values.download().size() != 16)
             throw std::logic_error("the self-assigned device_buffer lost its elements");
     })},
    {"moved-from", "a cold launch on a moved-from host backend",
     refused(errc::launch_argument_mismatch, {scan_launch,
                                              "stage 0 ('accy.kernel.test.block_scan'): host backend: launch of "
                                              "'accy.kernel.test.block_scan' on a moved-from backend"}),
     on_host_only([](host_backend& device) {
         const scan_buffers io(device);
         const host_backend moved_to = std::move(device);
         launch_scan(device, io.operands, io.results, scan_n);
     })},
    {"moved-from", "a pool and scratch on a moved-from host backend",
     refused(errc::launch_argument_mismatch, {scan_launch, "on a moved-from backend, which has no threads"}),
     on_host_only([](host_backend& device) {
         const host_backend moved_to = std::move(device);
         const scan_buffers io(device);
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         const auto scratch = accy::allocate_scratch<scan>(device, scan::scalar_values{scan_n});
         launch_scan(device, io.operands, io.results, scan_n, accy::use_pool(pool), accy::use_scratch(scratch));
     })},
    {"moved-from", "load_artifacts and allocate_scratch on a moved-from host backend: accepted (they need no threads)",
     accepted, on_host_only([](host_backend& device) {
         const host_backend moved_to = std::move(device);
         static_cast<void>(accy::load_artifacts<scan>(device, accy::formats::host));
         static_cast<void>(accy::allocate_scratch<scan>(device, scan::scalar_values{scan_n}));
     })},

    // device_buffer: element counts whose bytes overflow, and copies past its end.
    {"device_buffer", "2^63 - 1 floats",
     refused(errc::out_of_memory, {"device_buffer: 9223372036854775807 elements of 4 bytes overflow a byte size"}),
     on_both([](auto& device) {
         static_cast<void>(accy::device_buffer<float, backend_of<decltype(device)>>(device, ptrdiff_max));
     })},
    {"device_buffer", "2^61 doubles, 2^64 bytes",
     refused(errc::out_of_memory, {"device_buffer: 2305843009213693952 elements of 8 bytes overflow a byte size"}),
     on_both([](auto& device) {
         static_cast<void>(accy::device_buffer<double, backend_of<decltype(device)>>(device, std::size_t{1} << 61));
     })},
    {"device_buffer", "2^61 floats, 2^63 bytes, on the host backend",
     refused(errc::out_of_memory, {"host backend: cannot allocate a buffer of 9223372036854775808 bytes"}),
     on_host_only([](host_backend& device) {
         static_cast<void>(accy::device_buffer<float, host_backend>(device, std::size_t{1} << 61));
     })},
    {"device_buffer", "no elements: accepted", accepted, on_both([](auto& device) {
         static_cast<void>(accy::device_buffer<float, backend_of<decltype(device)>>(device, 0));
     })},
    {"device_buffer", "a device_buffer of no elements as the operand",
     refused(errc::launch_argument_mismatch,
             {scan_launch, "operand 0 (f32) holds 0 bytes, the runtime scalars need 20000"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         const accy::device_buffer<float, backend_of<decltype(device)>> empty(device, 0);
         launch_scan(device, std::array{empty.view()}, io.results, scan_n);
     })},
    {"device_buffer", "an upload of 17 elements into 16",
     refused(errc::launch_argument_mismatch, {"device_buffer: upload of 17 elements into a buffer of 16"}),
     on_host_only([](host_backend& device) {
         accy::device_buffer<float, host_backend> values(device, 16);
         values.upload(std::vector<float>(17));
     })},
    {"device_buffer", "a download of 17 elements of 16",
     refused(errc::launch_argument_mismatch, {"device_buffer: download of 17 elements into a buffer of 16"}),
     on_host_only([](host_backend& device) {
         const accy::device_buffer<float, host_backend> values(device, 16);
         static_cast<void>(values.download(17));
     })},
    {"device_buffer", "a download of 2^64 - 1 elements",
     refused(errc::launch_argument_mismatch, {"device_buffer: download of 18446744073709551615 elements"}),
     on_host_only([](host_backend& device) {
         const accy::device_buffer<float, host_backend> values(device, 16);
         static_cast<void>(values.download(std::numeric_limits<std::size_t>::max()));
     })},

    // Host transfers.
    {"transfers", "an upload of 65 bytes into 64",
     refused(errc::launch_argument_mismatch, {"host backend: upload of 65 bytes: the buffer holds 64"}),
     on_host_only([](host_backend& device) {
         allocations made(device);
         const std::array<std::byte, 65> bytes{};
         device.upload(made(64), bytes.data(), bytes.size());
     })},
    {"transfers", "a download of 2^64 - 1 bytes of 64",
     refused(errc::launch_argument_mismatch,
             {"host backend: download of 18446744073709551615 bytes: the buffer holds 64"}),
     on_host_only([](host_backend& device) {
         allocations made(device);
         std::array<std::byte, 64> bytes{};
         device.download(bytes.data(), made(64), at_run_time(std::numeric_limits<std::size_t>::max()));
     })},
    {"transfers", "a download of 1 byte from a null buffer of 2^64 - 1 bytes",
     refused(errc::launch_argument_mismatch, {"host backend: download of 1 bytes: the buffer is a null buffer"}),
     on_host_only([](host_backend& device) {
         std::array<std::byte, 1> bytes{};
         device.download(bytes.data(), accy::buffer{0, std::numeric_limits<std::size_t>::max()}, 1);
     })},
    {"transfers", "an upload of no bytes from a null pointer: accepted", accepted,
     on_host_only([](host_backend& device) {
         allocations made(device);
         device.upload(made(64), at_run_time<const std::byte*>(nullptr), 0);
     })},

    // Tensor maps: derived at every launch and checked against their buffer before any stage launches.
    {"tensor maps", "a map over 16 x 8 f16, rows of 16 bytes: accepted", accepted,
     on_both([](auto& device) { launch_tile<packed_tile>(device, 16, 8); })},
    {"tensor maps", "packed rows of 7 f16, 14 bytes",
     refused(
         errc::launch_argument_mismatch,
         {tile_launch,
          "stage 0 ('probe.tile'), parameter 0 ('map'): the tensor map's stride of dimension 1 is 14 bytes (packed)"}),
     on_both([](auto& device) { launch_tile<packed_tile>(device, 16, 7); })},
    {"tensor maps", "a map's operand 8 bytes off a multiple of 16",
     refused(errc::launch_argument_mismatch,
             {tile_launch, "stage 0 ('probe.tile'), parameter 0 ('map'): the tensor map's operand 0 starts at address",
              "not a multiple of 16"}),
     on_both([](auto& device) { launch_tile<packed_tile>(device, 16, 8, 8); })},
    {"tensor maps", "a map of one row more than its operand holds",
     refused(
         errc::launch_argument_mismatch,
         {tile_launch, "the tensor map's tensor ends at byte 272, past the 256 bytes of operand 0's declared shape"}),
     on_both([](auto& device) { launch_tile<tall_tile>(device, 16, 8); })},
    {"tensor maps", "a map's extent of 3 x 2^31",
     refused(errc::launch_argument_mismatch,
             {tile_launch, "the tensor map's extent 0 derives 6442450944, outside 1 to 4294967296"}),
     on_both([](auto& device) { launch_tile<stretched_tile>(device, 1, 3); })},
    {"tensor maps", "a map's extent of 2^32, past its operand",
     refused(errc::launch_argument_mismatch,
             {tile_launch, "the tensor map's tensor ends at byte 8589934592, past the 4 bytes"}),
     on_both([](auto& device) { launch_tile<stretched_tile>(device, 1, 2); })},

    // Host kernels that misuse what they are given: the launch names the pipeline, the stage, the kernel, the
    // parameter.
    {"host kernels", "buffer_as<double> of an f32 parameter",
     refused_after_launches(errc::launch_argument_mismatch,
                            {"launch_pipeline of pipeline 'probe.reads_as_f64' v1, stage 0 ('probe.reads_as_f64')",
                             "buffer_as<f64> of parameter 0 'values', declared a buffer of f32 (4-byte elements)"}),
     on_host_only([](host_backend& device) { launch_kernel_probe<"probe.reads_as_f64">(device); })},
    {"host kernels", "scalar_as of a parameter past the entry's one",
     refused_after_launches(errc::launch_argument_mismatch,
                            {"stage 0 ('probe.reads_past_its_parameters')",
                             "scalar_as<u32> of parameter 1, past the end of the entry's 1 parameters"}),
     on_host_only([](host_backend& device) { launch_kernel_probe<"probe.reads_past_its_parameters">(device); })},
    {"host kernels", "a kernel throwing std::runtime_error",
     refused_after_launches(errc::device_error, {"stage 0 ('probe.throws')",
                                                 "block (0, 0, 0) of grid (1, 1, 1) threw: the kernel gave up"}),
     on_host_only([](host_backend& device) { launch_kernel_probe<"probe.throws">(device); })},

    // Threads: one pool shared, refusals on several threads at once, a kernel launching on its own backend.
    {"threads", "4 threads launching from one pool, each with its own buffers and scratch: accepted", accepted,
     on_both([](auto& device) {
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         on_threads(4, [&] {
             const scan_buffers io(device);
             const auto scratch = accy::allocate_scratch<scan>(device, scan::scalar_values{scan_n});
             for (int k = 0; k < 4; ++k)
                 launch_scan(device, io.operands, io.results, scan_n, accy::use_pool(pool), accy::use_scratch(scratch));
         });
     })},
    {"threads", "4 threads launching from one pool with a null operand",
     refused(errc::launch_argument_mismatch, {scan_launch, "operand 0 (f32) is a null buffer"}),
     on_both([](auto& device) {
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         on_threads(4, [&] {
             const scan_buffers io(device);
             launch_scan(device, std::array{accy::buffer{0, scan_bytes}}, io.results, scan_n, accy::use_pool(pool));
         });
     })},
    {"threads", "a host kernel launching the scan on the backend running it",
     refused_after_launches(errc::unsupported_operation,
                            {"launch_pipeline of pipeline 'probe.reentrant' v1, stage 0 ('probe.reentrant')",
                             "a host kernel must not launch on its own backend"}),
     on_host_only([](host_backend& device) {
         reentered = &device;
         accy::launch_pipeline<reentrant>(device, accy::formats::host, no_buffers, no_buffers,
                                          std::tuple<std::uint32_t>{1});
     })},

    // checked_launch, the checks of launch_pipeline for code that issues the stages itself.
    {"checked_launch", "a null operand, labelled",
     refused(
         errc::launch_argument_mismatch,
         {"launch_pipeline of pipeline 'accy.kernel.test.device_scan' v1 [graph]: operand 0 (f32) is a null buffer"}),
     on_both([](auto& device) {
         using backend_type = backend_of<decltype(device)>;
         const scan_buffers io(device);
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         const auto scratch = accy::allocate_scratch<scan>(device, scan::scalar_values{scan_n});
         const accy::checked_launch<scan, backend_type> launch(device, pool, scratch.buffers(),
                                                               std::array{accy::buffer{}}, io.results,
                                                               scan::scalar_values{scan_n}, "graph");
     })},
    {"checked_launch", "a pool of another backend instance",
     refused(errc::launch_argument_mismatch, {scan_launch, "the artifact pool was loaded on another backend instance"}),
     on_both([](auto& device) {
         using backend_type = backend_of<decltype(device)>;
         backend_type other;
         const auto pool = accy::load_artifacts<scan>(other, accy::formats::host);
         const scan_buffers io(device);
         const auto scratch = accy::allocate_scratch<scan>(device, scan::scalar_values{scan_n});
         const accy::checked_launch<scan, backend_type> launch(device, pool, scratch.buffers(), io.operands, io.results,
                                                               scan::scalar_values{scan_n}, {});
     })},
    {"checked_launch", "one scratch buffer of two",
     refused(errc::launch_argument_mismatch, {scan_launch, "expects 2 intermediates and 0 workspaces, got 1 buffers"}),
     on_both([](auto& device) {
         using backend_type = backend_of<decltype(device)>;
         const scan_buffers io(device);
         allocations made(device);
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         const std::array one{made(scan_tile_bytes)};
         const accy::checked_launch<scan, backend_type> launch(device, pool, one, io.operands, io.results,
                                                               scan::scalar_values{scan_n}, {});
     })},
    {"checked_launch", "valid buffers, every stage bound: accepted", accepted, on_both([](auto& device) {
         using backend_type = backend_of<decltype(device)>;
         const scan_buffers io(device);
         const auto pool = accy::load_artifacts<scan>(device, accy::formats::host);
         const auto scratch = accy::allocate_scratch<scan>(device, scan::scalar_values{scan_n});
         accy::checked_launch<scan, backend_type> launch(device, pool, scratch.buffers(), io.operands, io.results,
                                                         scan::scalar_values{scan_n}, {});
         for (std::size_t stage = 0; stage < scan::stage_count; ++stage) static_cast<void>(launch.bind(stage));
     })},

    // Labels, and the allocations of the backends themselves.
    {"allocation", "free_buffer of a null buffer is a no-op: accepted", accepted,
     on_host_only([](host_backend& device) { device.free_buffer(accy::buffer{}); })},
    {"threads", "a host backend of 0 threads runs the scan on the caller's: accepted", accepted,
     on_host_only([](host_backend&) {
         host_backend no_workers(0);
         const scan_buffers io(no_workers);
         launch_scan(no_workers, io.operands, io.results, scan_n);
     })},
    {"labels", "a label names the call in the message",
     refused(errc::launch_argument_mismatch, {"launch_pipeline of pipeline 'accy.kernel.test.device_scan' v1 [nightly "
                                              "run]: operand 0 (f32) is a null buffer"}),
     on_both([](auto& device) {
         const scan_buffers io(device);
         launch_scan(device, std::array{accy::buffer{}}, io.results, scan_n, accy::label("nightly run"));
     })},
    {"allocation", "a buffer of 2^64 - 1 bytes", refused(errc::out_of_memory, {"buffer of 18446744073709551615 bytes"}),
     on_both([](auto& device) {
         allocations made(device);
         made(std::numeric_limits<std::size_t>::max());
     })},
    {"allocation", "a buffer of 2^63 bytes on the host backend",
     refused(errc::out_of_memory, {"host backend: cannot allocate a buffer of 9223372036854775808 bytes"}),
     on_host_only([](host_backend& device) {
         allocations made(device);
         made(two_to_63);
     })},
    {"allocation", "a first buffer of 2^63 bytes on the recording backend, its whole upper half: accepted", accepted,
     on_recording_only([](recording_backend& device) {
         allocations made(device);
         made(two_to_63);
     })},
    {"allocation", "a buffer of no bytes: accepted", accepted, on_both([](auto& device) {
         allocations made(device);
         made(0);
     })},
    {"allocation", "a made-up recording buffer of id 2^23",
     refused(errc::out_of_memory,
             {"recording backend: a made-up buffer of id 8388608 and 16 bytes does not fit its slot"}),
     on_recording_only([](recording_backend&) { static_cast<void>(recording_backend::buffer_for(8388608, 16)); })},
    {"allocation", "a made-up recording buffer of 2^40 + 1 bytes",
     refused(errc::out_of_memory,
             {"recording backend: a made-up buffer of id 1001 and 1099511627777 bytes does not fit its slot"}),
     on_recording_only([](recording_backend&) {
         static_cast<void>(recording_backend::buffer_for(1001, (std::size_t{1} << 40) + 1));
     })},
    {"recorded launches", "a recorded u32 read as 8 bytes",
     refused_after_launches(errc::launch_argument_mismatch, {"recording backend: parameter 3 has 4 bytes, not 8"}),
     on_recording_only([](recording_backend& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.results, scan_n);
         static_cast<void>(device.launches.at(0).value<std::uint64_t>(3));
     })},
    {"recorded launches", "a recorded buffer read as a tensor map",
     refused_after_launches(errc::launch_argument_mismatch, {"recording backend: parameter 0 is not a tensor map"}),
     on_recording_only([](recording_backend& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.results, scan_n);
         static_cast<void>(device.launches.at(0).tensor_map(0));
     })},
    // Found by this table, fixed with it (issue 34).
    {"operands", "an f32 operand 2 bytes off a multiple of 4",
     refused(errc::launch_argument_mismatch, {scan_launch, "operand 0 (f32)", "not a multiple of 4"}),
     on_both([](auto& device) {
         allocations made(device);
         launch_scan(device, std::array{part_of(made(scan_bytes + 4), 2, scan_bytes)}, std::array{made(scan_bytes)},
                     scan_n);
     })},
    {"results", "an in_place result starting 4 bytes before its operand",
     refused(errc::launch_argument_mismatch, {in_place_launch, "result 0 (f32)", "4 bytes", "operand 0"}),
     on_both([](auto& device) {
         allocations made(device);
         const accy::buffer block = made(1024);
         launch_in_place_probe(device, {part_of(block, 4, floats_16), part_of(block, 256, floats_16)},
                               {part_of(block, 0, floats_16), part_of(block, 512, floats_16)});
     })},
    {"transfers", "an upload of 64 bytes from a null pointer",
     refused(errc::launch_argument_mismatch, {"host backend: upload of 64 bytes", "null"}),
     on_host_only([](host_backend& device) {
         allocations made(device);
         device.upload(made(64), at_run_time<const std::byte*>(nullptr), 64);
     })},
    {"transfers", "a download of 64 bytes into a null pointer",
     refused(errc::launch_argument_mismatch, {"host backend: download of 64 bytes", "null"}),
     on_host_only([](host_backend& device) {
         allocations made(device);
         device.download(at_run_time<std::byte*>(nullptr), made(64), 64);
     })},
    {"formats", "a host create_artifact of format 6",
     refused(errc::unsupported_operation, {"host backend: kernel entry 'probe.direct'", "format 6"}),
     on_host_only([](host_backend& device) {
         static_cast<void>(device.create_artifact(direct_entry, format_of(6), direct_entry.payload));
     })},
    {"blocks", "a backend's launch of 227 KiB + 1 byte of dynamic shared memory",
     refused(errc::launch_argument_mismatch, {"shared memory", "232449"}), on_both([](auto& device) {
         launch_directly(device, {{1, 1, 1}, {1, 1, 1}, 232449});
     })},
    {"recorded launches", "a recorded launch's parameter 99",
     refused_after_launches(errc::launch_argument_mismatch, {"recording backend: parameter 99"}),
     on_recording_only([](recording_backend& device) {
         const scan_buffers io(device);
         launch_scan(device, io.operands, io.results, scan_n);
         static_cast<void>(device.launches.at(0).value<std::uint32_t>(99));
     })},
    {"allocation", "free_buffer of a null buffer on the recording backend is a no-op", accepted,
     on_recording_only([](recording_backend& device) { device.free_buffer(accy::buffer{}); })},
    {"threads", "a host backend of 2^32 - 1 threads",
     refused(errc::runtime_unavailable, {"host backend: cannot start"}),
     on_host_only([](host_backend&) { const host_backend too_many(std::numeric_limits<unsigned>::max()); })},
    {"blocks", "a backend's launch with a null pointer for a 4-byte argument",
     refused(errc::launch_argument_mismatch, {"parameter 0", "null"}), on_both([](auto& device) {
         launch_directly_with(device, accy::kernel_argument{at_run_time<const std::byte*>(nullptr), 4, {}});
     })},
    {"caller scratch", "scratch_buffers allocated on another backend instance",
     refused(errc::launch_argument_mismatch, {scan_launch, "scratch buffers were allocated on another backend instance"}),
     on_both([](auto& device) {
         using backend_type = std::remove_cvref_t<decltype(device)>;
         backend_type other = [] {
             if constexpr (std::is_same_v<backend_type, host_backend>) return host_backend(1);
             else return backend_type{};
         }();
         const scan_buffers io(device);
         const auto scratch = accy::allocate_scratch<scan>(other, scan::scalar_values{scan_n});
         launch_scan(device, io.operands, io.results, scan_n, accy::use_scratch(scratch));
     })},
};


// --- running a row ----------------------------------------------------------------------------------

/// "expected launch_argument_mismatch naming 'a' 'b'", or "expected no error".
std::string expected_text(const expectation& expected) {
    if (!expected.code) return "expected no error";
    std::string text = "expected " + std::string(accy::to_string(*expected.code)) + " naming";
    for (const std::string_view part : expected.parts) text.append(" '").append(part).append("'");
    return text;
}

/// Under AddressSanitizer, that the row's call leaked nothing: a child ends with _Exit, before
/// LeakSanitizer's own check at exit would run. On the host backend only, where buffers are heap
/// memory: on the recording backend `live_objects()` says the same of buffers and kernels, through
/// the same code of accy, and a leak check costs a tenth of a second.
void check_no_leaks() {
#ifdef ACCY_TABLE_CHECKS_LEAKS
    if (__lsan_do_recoverable_leak_check() != 0) throw std::logic_error("LeakSanitizer found memory the call leaked");
#endif
}

/// In the child: runs the row's call on a fresh backend (the host one with 2 threads) and throws
/// std::logic_error, which `forked` reports, unless the outcome is the one expected; on the recording
/// backend also unless a refused call launched nothing before its refusal and every buffer and
/// kernel made was destroyed; on the host backend, unless the call leaked memory.
template <class Backend>
void check_row(const bad_input& row, void (*call)(Backend&)) {
    Backend device = [] {
        if constexpr (std::is_same_v<Backend, host_backend>)
            return host_backend(2);
        else
            return Backend{};
    }();
    std::optional<accy::error> refusal;
    try {
        call(device);
    } catch (const accy::error& failure) {
        refusal = failure;
    }
    const expectation& expected = row.expected;
    if (!refusal && expected.code) throw std::logic_error(expected_text(expected) + ", got no error");
    if (refusal) {
        bool matches = expected.code == refusal->code();
        for (const std::string_view part : expected.parts)
            matches = matches && refusal->message().find(part) != std::string::npos;
        if (!matches) throw std::logic_error(expected_text(expected) + ", got " + refusal->what());
    }
    if constexpr (std::is_same_v<Backend, recording_backend>) {
        if (refusal && !expected.after_launches && device.launch_count != 0)
            throw std::logic_error("a refused call launched " + std::to_string(device.launch_count) + " kernels first");
        if (device.live_objects() != 0)
            throw std::logic_error(std::to_string(device.live_objects()) + " buffers or kernels were never destroyed");
    } else {
        check_no_leaks();
    }
}

/// `check_row` of `row` on one backend, in a child process with a watchdog: how the child ended (`forked`).
template <class Backend>
std::string run_in_child(const bad_input& row, void (*call)(Backend&), std::string_view backend_name) {
    const std::string what =
        std::string(row.category) + ": " + std::string(row.name) + ", on the " + std::string(backend_name) + " backend";
    return accy_test::forked(watchdog_limit, what.c_str(), [&] { check_row(row, call); });
}

/// Runs `row` on each backend it applies to, each in a child process: "returned" when the child found
/// the expected outcome; anything else (threw, a signal, hung) fails the row, naming it and the backend.
void run_row(const bad_input& row) {
    BOOST_TEST_REQUIRE((row.call.on_host != nullptr || row.call.on_recording != nullptr), row << " runs on no backend");
    if (row.call.on_host != nullptr) {
        const std::string outcome = run_in_child(row, row.call.on_host, "host");
        BOOST_TEST(outcome == "returned", row << ", on the host backend: the child " << outcome);
    }
    if (row.call.on_recording != nullptr) {
        const std::string outcome = run_in_child(row, row.call.on_recording, "recording");
        BOOST_TEST(outcome == "returned", row << ", on the recording backend: the child " << outcome);
    }
}

BOOST_AUTO_TEST_SUITE(bad_input_table)

BOOST_DATA_TEST_CASE(row_on_each_backend, boost::unit_test::data::make(table), row) { run_row(row); }

BOOST_AUTO_TEST_SUITE_END()

}  // namespace
