// SPDX-License-Identifier: Apache-2.0
// CUB's scan and selection behind accy_bench::cub_reference (cub_reference.hpp), compiled by nvcc.
#include "cub_reference.hpp"

#include <accy/core/float_types.hpp>

#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <cuda_bf16.h>
#include <cuda_fp16.h>

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

/// CUDA's type of the elements of host type T: the same bits.
template <class T>
struct cuda_type {
    using type = T;
};
template <>
struct cuda_type<accy::half> {
    using type = __half;
};
template <>
struct cuda_type<accy::bfloat16> {
    using type = __nv_bfloat16;
};

/// The scratch bytes of the scan of `items` elements of T, and of its selection.
template <class T>
std::size_t scan_bytes(int items) {
    using element = typename cuda_type<T>::type;
    std::size_t bytes = 0;
    check(cub::DeviceScan::InclusiveSum(nullptr, bytes, static_cast<const element*>(nullptr), static_cast<element*>(nullptr), items),
          "cub::DeviceScan::InclusiveSum (size query)");
    return bytes;
}
template <class T>
std::size_t select_bytes(int items) {
    std::size_t bytes = 0;
    check(cub::DeviceSelect::If(nullptr, bytes, static_cast<const T*>(nullptr), static_cast<T*>(nullptr),
                                static_cast<std::uint32_t*>(nullptr), items, greater_than<T>{}),
          "cub::DeviceSelect::If (size query)");
    return bytes;
}

/// The scratch bytes that the largest of the calls needs.
std::size_t scratch_bytes(std::size_t max_items) {
    const int items = static_cast<int>(max_items);
    return std::max({scan_bytes<float>(items), scan_bytes<std::int32_t>(items), scan_bytes<accy::half>(items),
                     scan_bytes<accy::bfloat16>(items), scan_bytes<std::int8_t>(items), scan_bytes<double>(items), select_bytes<float>(items),
                     select_bytes<std::int32_t>(items)});
}

}  // namespace

cub_reference::cub_reference(std::size_t max_items) : temporary_bytes_(scratch_bytes(max_items)) {
    check(cudaMalloc(&temporary_, temporary_bytes_), "cudaMalloc");
}

cub_reference::~cub_reference() { cudaFree(temporary_); }

template <class T>
void cub_reference::inclusive_sum(const T* input, T* output, std::size_t items, void* stream) {
    using element = typename cuda_type<T>::type;
    std::size_t bytes = temporary_bytes_;
    check(cub::DeviceScan::InclusiveSum(temporary_, bytes, reinterpret_cast<const element*>(input), reinterpret_cast<element*>(output),
                                        static_cast<int>(items), static_cast<cudaStream_t>(stream)),
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
template void cub_reference::inclusive_sum<accy::half>(const accy::half*, accy::half*, std::size_t, void*);
template void cub_reference::inclusive_sum<accy::bfloat16>(const accy::bfloat16*, accy::bfloat16*, std::size_t, void*);
template void cub_reference::inclusive_sum<std::int8_t>(const std::int8_t*, std::int8_t*, std::size_t, void*);
template void cub_reference::inclusive_sum<double>(const double*, double*, std::size_t, void*);
template void cub_reference::select_greater<float>(const float*, float*, std::uint32_t*, std::size_t, float, void*);
template void cub_reference::select_greater<std::int32_t>(const std::int32_t*, std::int32_t*, std::uint32_t*, std::size_t,
                                                          std::int32_t, void*);

}  // namespace accy_bench
