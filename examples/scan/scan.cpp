// The scan example: an inclusive scan of n random values by a three-stage pipeline (block_scan ->
// sums_scan -> add_base), checked against a plain C++ scan, timed, and printed as one line per run.
#include "common/device_buffer.hpp"
#include "common/example_main.hpp"
#include "common/random_values.hpp"
#include "common/report.hpp"
#include "scan/scan_check.hpp"
#include "scan/scan_pipeline.hpp"

#include <accy/accy.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <type_traits>
#include <vector>

namespace {

using namespace accy_examples;

/// Scans fresh data once cold (accy loads the kernels and allocates the scratch for the call), then
/// fresh data again `iterations` times hot (the caller's pool and scratch), timing the hot launches.
template <class T, class Backend, class Format>
bool run(Backend& device, Format format, std::uint32_t n, unsigned iterations, std::mt19937& engine) {
    using scan_pipeline = scan::pipeline<T>;
    device_buffer<T, Backend> in(device, n), out(device, n);
    const std::array operands{in.get()};
    const std::array results{out.get()};
    const std::array<std::uint32_t, 1> scalars{n};

    const std::vector<T> cold_input = random_values<T>(engine, n);
    in.upload(cold_input);
    accy::launch_pipeline<scan_pipeline>(device, format, operands, results, scalars);
    const bool cold_matches = scan::check<T>(cold_input, out.download(), "cold launch");

    const std::vector<T> input = random_values<T>(engine, n);
    in.upload(input);
    const auto pool = accy::load_artifacts<scan_pipeline>(device, format);
    const auto scratch = accy::allocate_intermediates<scan_pipeline>(device, scalars);
    const double seconds = time_launches(
        iterations,
        [&] {
            accy::launch_pipeline<scan_pipeline>(device, format, operands, results, scalars, accy::use_pool(pool),
                                                 accy::use_intermediates(scratch));
        },
        [&] { device.synchronize(std::nullopt); });
    print_result("scan", Backend::name, n, scan::targets<T>::dtype, seconds, 2.0 * n * sizeof(T));
    return scan::check<T>(input, out.download(), "hot launches") && cold_matches;
}

}  // namespace

int main(int argc, char** argv) {
    return example_main(argc, argv, 1u << 24,
                        [](auto& device, auto format, auto element, std::uint32_t n, const options& parsed, std::mt19937& engine) {
                            return run<typename decltype(element)::type>(device, format, n, parsed.iterations, engine);
                        });
}
