// SPDX-License-Identifier: Apache-2.0
// Defines `accy_bench::gpu`, the benchmarks' shared CUDA backend and stream, and the run's context (GPU, driver).
#pragma once

#include <accy/backend/cuda.hpp>

#include <benchmark/benchmark.h>
#include <cuda_runtime_api.h>

#include <iostream>
#include <string>

namespace accy_bench {

struct gpu {
    accy::cuda::backend device{0};
    accy::cuda::stream_owner stream{device, CU_STREAM_NON_BLOCKING};

    /// Names the GPU and the driver in the benchmark's JSON context.
    gpu() {
        int driver = 0;
        cudaDriverGetVersion(&driver);
        benchmark::AddCustomContext("gpu", device.device_name());
        benchmark::AddCustomContext("cuda_driver_api_version", std::to_string(driver));
    }
};

/// The one GPU of a benchmark program, made on first use.
inline gpu& the_gpu() {
    static gpu instance;
    return instance;
}

/// The main of the GPU benchmarks: the GPU is opened first, so that the output's context names it.
inline int run_benchmarks(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    try {
        the_gpu();
    } catch (const accy::error& failure) {
        std::cerr << argv[0] << ": " << failure.what() << "\n";
        return 1;
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

}  // namespace accy_bench
