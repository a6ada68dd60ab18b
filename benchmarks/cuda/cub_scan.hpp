// SPDX-License-Identifier: Apache-2.0
// Defines `accy_bench::cub_scan`, CUB's device-wide inclusive sum of floats with its scratch allocated once.
#pragma once

#include <cstddef>

namespace accy_bench {

class cub_scan {
public:
    explicit cub_scan(std::size_t max_items);
    ~cub_scan();
    cub_scan(const cub_scan&) = delete;
    cub_scan& operator=(const cub_scan&) = delete;

    /// Queues the scan of `items` floats on `stream` (a CUstream / cudaStream_t).
    void operator()(const float* input, float* output, std::size_t items, void* stream);

private:
    void* temporary_ = nullptr;
    std::size_t temporary_bytes_ = 0;
};

}  // namespace accy_bench
