// A float runtime scalar with a bound: bounds apply to integer scalars only.
// expect: static assertion failed: accy::scalar<Name, T, Bounds>: bounds apply to integer scalars, with min <= max
// expect: accy::scalar<accy::fixed_string<6>{"alpha"}, float, accy::within<-9223372036854775808, 1> >
#include <support/seed_pipeline.hpp>

#include <cstdint>
#include <tuple>
#include <vector>

using namespace accy;

struct definition : accy_test::device_scan_definition {
    using runtime_scalars = accy::runtime_scalars<scalar<"n", std::uint32_t>, scalar<"alpha", float, at_most<1>>>;  // mistake
};

int main() {
    testing::recording_backend backend;
    const std::vector<buffer> operands(1), results(1);
    launch_pipeline<pipeline<definition>>(backend, format::cuda_ptx, operands, results, std::tuple<std::uint32_t, float>{1000, 0.5f});
}
