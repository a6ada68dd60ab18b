// SPDX-License-Identifier: Apache-2.0
// Defines `accy_examples::split::split_scan`, an inclusive scan of one array split over several
// devices, and `slices_of`, how the array is cut.
//
// Each device holds one slice of the array. First every device, on its own stream, sums its tiles,
// scans the tile sums and writes its slice's total (slice_sums). Then the totals cross: each device
// receives the totals of the devices before it, as copies the device set orders after the sender's
// work and before the receiver's next. Last every device adds their sum, its carry, to its tile
// bases and scans its tiles from them (slice_scan). Each device reads its slice twice and writes it
// once, as the scan example does on one device; what crosses is one value per device.
#pragma once

#include "scan/scan_config.hpp"
#include "split_scan/split_pipelines.hpp"

#include <accy/accy.hpp>
#include <accy/device_buffer.hpp>

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

namespace accy_examples::split {

/// One device's share of the array: the elements [first, first + count).
struct slice {
    std::size_t first;
    std::uint32_t count;
};

/// `n` elements cut into consecutive slices, one per device, of sizes that differ by one at most,
/// the larger first. A slice is never empty: fewer slices than devices where n is smaller.
inline std::vector<slice> slices_of(std::uint32_t n, std::size_t devices) {
    const std::size_t parts = std::min<std::size_t>(devices, n);
    std::vector<slice> slices;
    std::size_t first = 0;
    for (std::size_t part = 0; part < parts; ++part) {
        const auto count = static_cast<std::uint32_t>(n / parts + (part < n % parts ? 1 : 0));
        slices.push_back({first, count});
        first += count;
    }
    return slices;
}

/// An inclusive scan of n elements of `T` over the devices of `Devices`, which has what
/// `accy::cuda::devices` has: `size()`, `operator[]` (a backend), `stream(i)`,
/// `copy(target, to, source, from, bytes)` and `synchronize()`. The set outlives the scan. Device i
/// runs slice i of `slices_of(n, devices.size())`; the constructor loads both pipelines on every
/// device and allocates every buffer, and a failure part way frees what the devices before got.
template <class T, class Devices, class Format>
class split_scan {
public:
    using backend_type = std::remove_reference_t<decltype(std::declval<Devices&>()[0])>;

    split_scan(Devices& devices, Format format, std::uint32_t n) : devices_(devices), format_(format), n_(n) {
        const std::vector<slice> slices = slices_of(n, devices.size());
        parts_.reserve(slices.size());
        for (std::size_t device = 0; device < slices.size(); ++device)
            parts_.emplace_back(devices[device], format, slices[device], static_cast<std::uint32_t>(device));
    }

    /// How many devices run a slice: the set's size, or n where that is smaller.
    std::size_t device_count() const noexcept { return parts_.size(); }

    /// Copies each device's slice of `input`, n elements, to it.
    void upload(std::span<const T> input) {
        for (part& share : parts_) share.in.upload(input.subspan(share.range.first, share.range.count));
    }

    /// Queues the scan on every device's stream and returns: the devices run at once, and the host
    /// waits for nothing where the device set's copies do not (CUDA).
    void launch() {
        for (std::size_t device = 0; device < parts_.size(); ++device) {
            const part& share = parts_[device];
            accy::launch_pipeline<slice_sums<T>>(
                devices_[device], format_, std::array{share.in.view()}, std::array{share.tile_bases.view(), share.total.view()},
                share.sums_scalars(), accy::use_pool(share.sums_pool), accy::use_scratch(share.sums_scratch),
                accy::on_stream(devices_.stream(device)));
        }
        for (std::size_t receiver = 1; receiver < parts_.size(); ++receiver)
            for (std::size_t sender = 0; sender < receiver; ++sender)
                devices_.copy(receiver, element(parts_[receiver].totals.view(), sender), sender, parts_[sender].total.view(),
                              sizeof(T));
        for (std::size_t device = 0; device < parts_.size(); ++device) {
            const part& share = parts_[device];
            accy::launch_pipeline<slice_scan<T>>(
                devices_[device], format_, std::array{share.in.view(), share.tile_bases.view(), share.totals.view()},
                std::array{share.out.view()}, share.scan_scalars(), accy::use_pool(share.scan_pool),
                accy::use_scratch(share.scan_scratch), accy::on_stream(devices_.stream(device)));
        }
    }

    /// Waits for every device, then gathers the scan's n elements from the slices.
    std::vector<T> download() {
        devices_.synchronize();
        std::vector<T> scanned(n_);
        for (const part& share : parts_) std::ranges::copy(share.out.download(), scanned.begin() + share.range.first);
        return scanned;
    }

private:
    /// Element `index` of a buffer of T, as a buffer of its own.
    static accy::buffer element(const accy::buffer& values, std::size_t index) noexcept {
        return {values.address + index * sizeof(T), sizeof(T)};
    }

    static std::size_t tiles_of(std::uint32_t count) noexcept { return (std::size_t{count} + scan::tile::elements - 1) / scan::tile::elements; }

    /// What one device holds: its slice and the scan's buffers for it, both pipelines' pools and scratch.
    struct part {
        slice range;
        std::uint32_t predecessors;  ///< the devices before this one, whose totals make its carry
        accy::device_buffer<T, backend_type> in, out, tile_bases, total, totals;
        accy::artifact_pool<slice_sums<T>, backend_type> sums_pool;
        accy::scratch_buffers<slice_sums<T>, backend_type> sums_scratch;
        accy::artifact_pool<slice_scan<T>, backend_type> scan_pool;
        accy::scratch_buffers<slice_scan<T>, backend_type> scan_scratch;

        part(backend_type& device, Format format, slice share, std::uint32_t devices_before)
            : range(share), predecessors(devices_before), in(device, share.count), out(device, share.count),
              tile_bases(device, tiles_of(share.count)), total(device, 1), totals(device, std::max(devices_before, 1u)),
              sums_pool(accy::load_artifacts<slice_sums<T>>(device, format)),
              sums_scratch(accy::allocate_scratch<slice_sums<T>>(device, sums_scalars())),
              scan_pool(accy::load_artifacts<slice_scan<T>>(device, format)),
              scan_scratch(accy::allocate_scratch<slice_scan<T>>(device, scan_scalars())) {}

        typename slice_sums<T>::scalar_values sums_scalars() const { return {range.count}; }
        typename slice_scan<T>::scalar_values scan_scalars() const { return {range.count, predecessors}; }
    };

    Devices& devices_;
    Format format_;
    std::uint32_t n_;
    std::vector<part> parts_;
};

}  // namespace accy_examples::split
