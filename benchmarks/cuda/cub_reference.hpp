// SPDX-License-Identifier: Apache-2.0
// Defines `accy_bench::cub_reference`, the baselines the GPU benchmarks measure accy against: CUB's
// device-wide inclusive sum (f32, i32, f16, bf16, i8, f64) and selection (x > threshold; f32, i32), behind a plain C++ interface,
// with one scratch allocation large enough for every call up to the size it was made for.
#pragma once

#include <cstddef>
#include <cstdint>

namespace accy_bench {

class cub_reference {
public:
    explicit cub_reference(std::size_t max_items);
    ~cub_reference();
    cub_reference(const cub_reference&) = delete;
    cub_reference& operator=(const cub_reference&) = delete;

    /// Queues cub::DeviceScan::InclusiveSum of `items` elements on `stream` (a CUstream / cudaStream_t).
    /// T is float, std::int32_t, accy::half, accy::bfloat16, std::int8_t or double, all but i8 summed in
    /// their own type (CUB's sum of two __half is a __half), i8 in int (C++'s promotion), truncated.
    template <class T>
    void inclusive_sum(const T* input, T* output, std::size_t items, void* stream);

    /// Queues cub::DeviceSelect::If of the `items` elements above `threshold` on `stream`: the kept
    /// ones in order into `output`, their number into `count`. T is float or std::int32_t.
    template <class T>
    void select_greater(const T* input, T* output, std::uint32_t* count, std::size_t items, T threshold, void* stream);

private:
    void* temporary_ = nullptr;
    std::size_t temporary_bytes_ = 0;
};

}  // namespace accy_bench
