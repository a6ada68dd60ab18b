// SPDX-License-Identifier: Apache-2.0
// The split scan example: an inclusive scan of n random values split over several devices (each
// scans its slice, the slices' totals cross between devices, each adds its carry), checked against
// a plain C++ scan, timed, and printed as one line per run. `--devices N` takes the first N CUDA
// devices, every one by default; on the host backend, N host backends stand for N devices (3 by default).
#include "common/example_main.hpp"
#include "common/random_values.hpp"
#include "common/report.hpp"
#include "scan/scan_check.hpp"
#include "split_scan/host_devices.hpp"
#include "split_scan/split_scan.hpp"

#include <accy/accy.hpp>
#include <accy/backend/host.hpp>
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include <accy/backend/cuda.hpp>
#endif

#include <cstddef>
#include <cstdint>
#include <iostream>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace accy_examples;

/// The split scan's devices, made on first use for the backend `with_backend` chose (which only
/// tells which): the first `count` CUDA devices, every one when no count is given; or `count` host
/// backends, 3 when none is given.
class device_sets {
public:
    explicit device_sets(std::optional<std::size_t> count) : count_(count) {}

    split::host_devices& of(accy::host::backend&) {
        if (!host_) host_.emplace(count_.value_or(3));
        return *host_;
    }
#ifdef ACCY_EXAMPLES_WITH_CUDA
    /// `errc::runtime_unavailable` where the driver has fewer devices than asked for.
    accy::cuda::devices& of(accy::cuda::backend&) {
        if (!cuda_) {
            std::vector<int> ordinals(count_.value_or(static_cast<std::size_t>(accy::cuda::device_count())));
            std::iota(ordinals.begin(), ordinals.end(), 0);
            cuda_.emplace(ordinals);
        }
        return *cuda_;
    }
#endif

private:
    std::optional<std::size_t> count_;
    std::optional<split::host_devices> host_;
#ifdef ACCY_EXAMPLES_WITH_CUDA
    std::optional<accy::cuda::devices> cuda_;
#endif
};

/// Scans fresh data once after loading, then fresh data again `iterations` times, timing those.
template <class T, class Devices, class Format>
bool run_split_scan(Devices& devices, Format format, std::uint32_t n, unsigned iterations, std::mt19937& engine) {
    const bool peer = devices.enable_peer_access();
    split::split_scan<T, Devices, Format> scan(devices, format, n);

    const std::vector<T> first_input = random_values<T>(engine, n);
    scan.upload(first_input);
    scan.launch();
    const bool first_matches = scan::check<T>(first_input, scan.download(), "first launch");

    const std::vector<T> input = random_values<T>(engine, n);
    scan.upload(input);
    const double seconds = time_launches(iterations, [&] { scan.launch(); }, [&] { devices.synchronize(); });
    const bool matches = scan::check<T>(input, scan.download(), "hot launches") && first_matches;
    const std::string_view carries = scan.device_count() == 1 ? "none" : peer ? "peer" : "host";
    print_result("split_scan", std::remove_reference_t<decltype(devices[0])>::name, n, accy::dtype_of<T>, seconds,
                 2.0 * n * sizeof(T), matches,
                 " devices=" + std::to_string(scan.device_count()) + " carries=" + std::string(carries));
    return matches;
}

}  // namespace

int main(int argc, char** argv) {
    // `--devices N` is this example's own option; the rest is every example's command line.
    std::optional<std::size_t> count;
    bool help = false;
    std::vector<char*> rest{argv[0]};
    for (int index = 1; index < argc; ++index) {
        const std::string_view argument = argv[index];
        help = help || argument == "--help" || argument == "-h";
        if (argument != "--devices") {
            rest.push_back(argv[index]);
            continue;
        }
        count = index + 1 < argc ? detail::parse_number<std::size_t>(argv[++index]) : std::nullopt;
        if (!count || *count == 0) {
            std::cerr << argv[0] << ": --devices takes a count of at least 1\n";
            return exit_error;
        }
    }
    device_sets sets(count);
    const int status = example_main(static_cast<int>(rest.size()), rest.data(), 1u << 24,
                        [&](auto& device, auto format, auto element, std::uint32_t n, const options& parsed,
                            std::mt19937& engine) {
                            using T = typename decltype(element)::type;
                            return run_split_scan<T>(sets.of(device), format, n, parsed.iterations, engine);
                        });
    if (help) std::cerr << "  --devices N  the first N CUDA devices (every one by default), or N host backends (3 by default)\n";
    return status;
}
