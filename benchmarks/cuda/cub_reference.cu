// SPDX-License-Identifier: Apache-2.0
// CUB's scan and selection behind accy_bench::cub_reference (cub_reference.hpp), compiled by nvcc.
#include "cub_reference.hpp"

#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace accy_bench {

namespace {

void check(cudaError_t result, const char* call) {
    if (result != cudaSuccess) throw std::runtime_error(std::string(call) + ": " + cudaGetErrorString(result));
}

template <class T>
struct greater_than {
    T threshold;
    __host__ __device__ bool operator()(const T& value) const { return value > threshold; }
};

/// The scratch bytes that the largest of the calls needs.
template <class T>
std::size_t scratch_bytes(std::size_t max_items) {
    const int items = static_cast<int>(max_items);
    std::size_t scan = 0, select = 0;
    check(cub::DeviceScan::InclusiveSum(nullptr, scan, static_cast<const T*>(nullptr), static_cast<T*>(nullptr), items),
          "cub::DeviceScan::InclusiveSum (size query)");
    check(cub::DeviceSelect::If(nullptr, select, static_cast<const T*>(nullptr), static_cast<T*>(nullptr),
                                static_cast<std::uint32_t*>(nullptr), items, greater_than<T>{}),
          "cub::DeviceSelect::If (size query)");
    return std::max(scan, select);
}

}  // namespace

cub_reference::cub_reference(std::size_t max_items)
    : temporary_bytes_(std::max(scratch_bytes<float>(max_items), scratch_bytes<std::int32_t>(max_items))) {
    check(cudaMalloc(&temporary_, temporary_bytes_), "cudaMalloc");
}

cub_reference::~cub_reference() { cudaFree(temporary_); }

template <class T>
void cub_reference::inclusive_sum(const T* input, T* output, std::size_t items, void* stream) {
    std::size_t bytes = temporary_bytes_;
    check(cub::DeviceScan::InclusiveSum(temporary_, bytes, input, output, static_cast<int>(items),
                                        static_cast<cudaStream_t>(stream)),
          "cub::DeviceScan::InclusiveSum");
}

template <class T>
void cub_reference::select_greater(const T* input, T* output, std::uint32_t* count, std::size_t items, T threshold,
                                   void* stream) {
    std::size_t bytes = temporary_bytes_;
    check(cub::DeviceSelect::If(temporary_, bytes, input, output, count, static_cast<int>(items),
                                greater_than<T>{threshold}, static_cast<cudaStream_t>(stream)),
          "cub::DeviceSelect::If");
}

template void cub_reference::inclusive_sum<float>(const float*, float*, std::size_t, void*);
template void cub_reference::inclusive_sum<std::int32_t>(const std::int32_t*, std::int32_t*, std::size_t, void*);
template void cub_reference::select_greater<float>(const float*, float*, std::uint32_t*, std::size_t, float, void*);
template void cub_reference::select_greater<std::int32_t>(const std::int32_t*, std::int32_t*, std::uint32_t*, std::size_t,
                                                          std::int32_t, void*);

}  // namespace accy_bench
