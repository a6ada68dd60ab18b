// A launch passes a std::array of two runtime scalars to a pipeline of one.
// expect: static assertion failed: accy::launch_pipeline<P>: the runtime scalars container has a fixed size that differs from P's runtime_scalar_count
// expect: Scalars = std::array<unsigned int, 2>
#include <support/seed_pipeline.hpp>

#include <array>
#include <cstdint>

using namespace accy;

int main() {
    testing::recording_backend backend;
    const std::array<buffer, 1> operands{};
    const std::array<buffer, 1> results{};
    const std::array<std::uint32_t, 2> runtime_scalars{1000, 64};  // mistake
    launch_pipeline<accy_test::device_scan>(backend, formats::cuda_ptx, operands, results, runtime_scalars);
}
