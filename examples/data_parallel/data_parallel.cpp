// SPDX-License-Identifier: Apache-2.0
// The data-parallel example: each rank computes its gradient from the shared weights and its own
// data, an all_reduce stage sums the ranks' gradients, and a kernel moves the weights against the
// sum, all in one pipeline; every rank checks the weights it gets against the whole step computed in
// plain C++ over every rank's data (fresh random values each iteration, made from the seed, so that
// every rank can make every rank's). On the host backend the ranks are threads of this process
// (`--ranks R`, default 4) with an accy::host::communicator each; on the CUDA backend this process
// is one rank with an accy::nccl::communicator, run as a stream launch and as a pipeline_graph: rank
// 0 of 1, or rank ACCY_RANK of ACCY_RANKS where launch_ranks.sh started one process per GPU.
#include "common/example_main.hpp"
#include "common/random_values.hpp"
#include "data_parallel/data_parallel_pipeline.hpp"

#include <accy/accy.hpp>
#include <accy/device_buffer.hpp>
#ifdef ACCY_EXAMPLES_WITH_CUDA
#include <accy/backend/nccl.hpp>
#endif

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <type_traits>
#include <vector>

namespace {

using namespace accy_examples;
using data_parallel::pipeline;

/// The step's rate, over the ranks so that the sum's size does not grow with them.
float rate_for(int ranks) { return 0.5f / static_cast<float>(ranks); }

/// The shared weights and every rank's data of iteration `iteration`, the same on every rank.
struct step_inputs {
    std::vector<float> weights;
    std::vector<std::vector<float>> data;  ///< per rank
};

step_inputs inputs_of(std::uint32_t seed, unsigned iteration, int ranks, std::uint32_t n) {
    std::mt19937 engine(seed + iteration);
    step_inputs made{random_values<float>(engine, n), {}};
    for (int r = 0; r < ranks; ++r) made.data.push_back(random_values<float>(engine, n));
    return made;
}

/// Whether `got` is `expected` within the rounding of a sum over `ranks` in another order (NCCL's).
bool matches(const std::vector<float>& expected, const std::vector<float>& got, int ranks, std::string_view what) {
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < expected.size(); ++i)
        if (!(std::abs(got[i] - expected[i]) <= 1e-6f * static_cast<float>(ranks) * (1.0f + std::abs(expected[i]))) &&
            wrong++ < 3)
            std::cout << what << ": next[" << i << "] = " << got[i] << ", expected " << expected[i] << "\n";
    return wrong == 0;
}

/// Rank `rank` of `ranks`: `iterations` steps as stream launches through `communicator`, and on CUDA
/// each also replayed as a pipeline_graph; one line per step. Whether every step matched.
template <class Backend, class Format, class Communicator>
bool run_rank(Backend& device, Format format, Communicator& communicator, int rank, int ranks, std::uint32_t n,
              const options& parsed, std::mutex& printing) {
    accy::device_buffer<float, Backend> weights(device, n), data(device, n), next(device, n);
    const std::array operands{weights.view(), data.view()};
    const std::array results{next.view()};
    const auto scalars = pipeline::runtime_scalars(n, rate_for(ranks));
    const auto pool = accy::load_artifacts<pipeline>(device, format);
    const auto scratch = accy::allocate_scratch<pipeline>(device, scalars);
    bool matched = true;
    for (unsigned k = 0; k < parsed.iterations; ++k) {
        const step_inputs inputs = inputs_of(parsed.seed, k, ranks, n);
        const std::vector<float> expected = data_parallel::step(inputs.weights, inputs.data, rate_for(ranks));
        weights.upload(inputs.weights);
        data.upload(inputs.data[static_cast<std::size_t>(rank)]);
        const auto begun = std::chrono::steady_clock::now();
        accy::launch_pipeline<pipeline>(device, format, operands, results, scalars, accy::use_pool(pool),
                                        accy::use_scratch(scratch), accy::use_communicator(communicator));
        device.synchronize(std::nullopt);
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - begun).count();
        // Held to the step's end, so that a rank's lines stay together; no collective follows it but
        // on CUDA, whose ranks are processes.
        const std::lock_guard<std::mutex> one_rank(printing);
        bool ok = matches(expected, next.download(), ranks, "stream launch");
        std::string checked = "stream launch";
#ifdef ACCY_EXAMPLES_WITH_CUDA
        if constexpr (std::is_same_v<Backend, accy::cuda::backend>) {
            communicator.check();
            // Every rank makes and replays the same graph: the all_reduce is captured in it.
            accy::cuda::pipeline_graph<pipeline> graph(device, pool, scratch, operands, results, scalars,
                                                       accy::use_communicator(communicator));
            next.upload(std::vector<float>(n, -1.0f));
            graph.launch();
            device.synchronize(std::nullopt);
            communicator.check();
            ok = matches(expected, next.download(), ranks, "pipeline_graph") && ok;
            checked += " and pipeline_graph";
        }
#endif
        std::cout << "data_parallel: backend=" << Backend::name << " rank " << rank << " of " << ranks << " n=" << n
                  << " time=" << seconds * 1e6 << "us; " << checked
                  << " checked against the step in one process: " << (ok ? "ok" : "MISMATCH") << "\n";
        matched = ok && matched;
    }
    return matched;
}

/// Every n on `ranks` thread ranks, each with a host backend and an accy::host::communicator of its own.
template <class Format>
bool on_thread_ranks(int ranks, Format format, const options& parsed) {
    bool matched = true;
    for (const std::uint32_t n : parsed.sizes) {
        const accy::host::rank_group group(ranks);
        std::mutex printing;
        std::vector<char> rank_matched(static_cast<std::size_t>(ranks), 0);
        std::vector<std::string> failures(static_cast<std::size_t>(ranks));
        std::vector<std::thread> threads;
        for (int r = 0; r < ranks; ++r)
            threads.emplace_back([&, r] {
                try {
                    accy::host::backend device;
                    accy::host::communicator communicator(group, r);
                    rank_matched[static_cast<std::size_t>(r)] =
                        run_rank(device, format, communicator, r, ranks, n, parsed, printing);
                } catch (const std::exception& failure) {  // the communicator fails the other ranks' waits
                    failures[static_cast<std::size_t>(r)] = failure.what();
                }
            });
        for (std::thread& thread : threads) thread.join();
        for (int r = 0; r < ranks; ++r) {
            if (!failures[static_cast<std::size_t>(r)].empty()) std::cerr << "rank " << r << ": " << failures[static_cast<std::size_t>(r)] << "\n";
            matched = matched && rank_matched[static_cast<std::size_t>(r)] != 0;
        }
    }
    return matched;
}

#ifdef ACCY_EXAMPLES_WITH_CUDA
/// An environment variable as a number, or `otherwise` where it is not set.
int environment_number(const char* name, int otherwise) {
    const char* text = std::getenv(name);
    return text == nullptr ? otherwise : std::stoi(text);
}

/// The communicator's unique id: rank 0 makes it and writes its bytes to `file` (whole, by a rename),
/// the others wait for the file, up to a minute, and read it.
accy::nccl::unique_id shared_id(int rank, const std::filesystem::path& file) {
    if (rank == 0) {
        const accy::nccl::unique_id id = accy::nccl::unique_id::create();
        const auto bytes = id.bytes();
        const std::filesystem::path partial = file.string() + ".partial";
        std::ofstream(partial, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
        std::filesystem::rename(partial, file);
        return id;
    }
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::minutes(1);
    while (!std::filesystem::exists(file)) {
        if (std::chrono::steady_clock::now() > deadline)
            throw std::runtime_error("rank " + std::to_string(rank) + ": no unique id in " + file.string() + " after a minute");
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    std::array<std::byte, accy::nccl::unique_id::byte_size> bytes{};
    std::ifstream(file, std::ios::binary).read(reinterpret_cast<char*>(bytes.data()), bytes.size());
    return accy::nccl::unique_id::from_bytes(bytes);
}

/// This process as one NCCL rank on `device`: rank 0 of 1, or ACCY_RANK of ACCY_RANKS with the id
/// in ACCY_NCCL_ID_FILE (launch_ranks.sh sets all three). Without NCCL it says so and exits 77.
template <class Format>
bool on_nccl_rank(accy::cuda::backend& device, Format format, const options& parsed) {
    try {
        std::cout << "NCCL " << accy::nccl::detail::version_text(accy::nccl::library().version) << "\n";
    } catch (const accy::error& failure) {
        if (failure.code() != accy::errc::runtime_unavailable) throw;
        std::cout << "skipped: " << failure.message() << "\n";
        std::exit(exit_no_cuda);
    }
    const int ranks = environment_number("ACCY_RANKS", 1);
    const int rank = environment_number("ACCY_RANK", 0);
    const char* id_file = std::getenv("ACCY_NCCL_ID_FILE");
    if (ranks > 1 && id_file == nullptr)
        throw std::runtime_error("ACCY_RANKS is " + std::to_string(ranks) + " but ACCY_NCCL_ID_FILE is not set: start the ranks with launch_ranks.sh");
    accy::nccl::communicator communicator(device, ranks == 1 ? accy::nccl::unique_id::create() : shared_id(rank, id_file), rank,
                                          ranks);
    std::mutex printing;
    bool matched = true;
    for (const std::uint32_t n : parsed.sizes)
        matched = run_rank(device, format, communicator, rank, ranks, n, parsed, printing) && matched;
    return matched;
}
#endif

/// Takes this example's own `--ranks R` out of the command line; the rest is the examples' common one.
std::optional<int> take_ranks(std::vector<char*>& arguments) {
    int ranks = 4;
    for (std::size_t i = 1; i < arguments.size(); ++i) {
        if (std::string_view(arguments[i]) != "--ranks") continue;
        const std::optional<int> parsed = i + 1 < arguments.size() ? detail::parse_number<int>(arguments[i + 1]) : std::nullopt;
        if (!parsed || *parsed < 1) {
            std::cerr << arguments[0] << ": --ranks takes a count of at least 1 (the host backend's thread ranks)\n";
            return std::nullopt;
        }
        ranks = *parsed;
        arguments.erase(arguments.begin() + static_cast<std::ptrdiff_t>(i), arguments.begin() + static_cast<std::ptrdiff_t>(i) + 2);
        --i;
    }
    return ranks;
}

}  // namespace

int main(int argc, char** argv) {
    std::vector<char*> arguments(argv, argv + argc);
    const std::optional<int> thread_ranks = take_ranks(arguments);
    if (!thread_ranks) return exit_error;
    return run_example(static_cast<int>(arguments.size()), arguments.data(), 1u << 20,
                       [&]([[maybe_unused]] auto& device, auto format, const options& parsed, std::mt19937&) {
#ifdef ACCY_EXAMPLES_WITH_CUDA
                           if constexpr (std::is_same_v<std::remove_cvref_t<decltype(device)>, accy::cuda::backend>)
                               return on_nccl_rank(device, format, parsed);
                           else
#endif
                               return on_thread_ranks(*thread_ranks, format, parsed);
                       });
}
