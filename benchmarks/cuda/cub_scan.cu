// SPDX-License-Identifier: Apache-2.0
// cub::DeviceScan::InclusiveSum behind a plain C++ interface, as the reference scan.
#include "cub_scan.hpp"

#include <cub/device/device_scan.cuh>

#include <stdexcept>
#include <string>

namespace accy_bench {

namespace {

void check(cudaError_t result, const char* call) {
    if (result != cudaSuccess) throw std::runtime_error(std::string(call) + ": " + cudaGetErrorString(result));
}

}  // namespace

cub_scan::cub_scan(std::size_t max_items) {
    check(cub::DeviceScan::InclusiveSum(nullptr, temporary_bytes_, static_cast<const float*>(nullptr),
                                        static_cast<float*>(nullptr), static_cast<int>(max_items)),
          "cub::DeviceScan::InclusiveSum (size query)");
    check(cudaMalloc(&temporary_, temporary_bytes_), "cudaMalloc");
}

cub_scan::~cub_scan() { cudaFree(temporary_); }

void cub_scan::operator()(const float* input, float* output, std::size_t items, void* stream) {
    std::size_t bytes = temporary_bytes_;
    check(cub::DeviceScan::InclusiveSum(temporary_, bytes, input, output, static_cast<int>(items),
                                        static_cast<cudaStream_t>(stream)),
          "cub::DeviceScan::InclusiveSum");
}

}  // namespace accy_bench
