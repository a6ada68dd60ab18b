// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::driver_attributes`: an entry's launch attributes as the driver's
// `CUlaunchAttribute`s, for cuLaunchKernelEx and kernel graph nodes.
#pragma once

#include <accy/kernel/launch_attributes.hpp>

#include <cuda.h>

#include <array>
#include <cstddef>

namespace accy::cuda::detail {

/// The cluster, cooperative and (where `programmatic`) programmatic-serialization attributes of an
/// entry; none for an entry that declares nothing.
class driver_attributes {
public:
    driver_attributes(const launch_attributes& declared, bool programmatic) noexcept {
        if (declared.clustered()) {
            CUlaunchAttribute& cluster = next(CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION);
            cluster.value.clusterDim.x = declared.cluster.x;
            cluster.value.clusterDim.y = declared.cluster.y;
            cluster.value.clusterDim.z = declared.cluster.z;
        }
        if (declared.cooperative) next(CU_LAUNCH_ATTRIBUTE_COOPERATIVE).value.cooperative = 1;
        if (programmatic && declared.waits_on_predecessor)
            next(CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION).value.programmaticStreamSerializationAllowed = 1;
    }

    CUlaunchAttribute* data() noexcept { return count_ == 0 ? nullptr : values_.data(); }
    const CUlaunchAttribute* begin() const noexcept { return values_.data(); }
    const CUlaunchAttribute* end() const noexcept { return values_.data() + count_; }
    unsigned size() const noexcept { return count_; }

private:
    CUlaunchAttribute& next(CUlaunchAttributeID id) noexcept {
        CUlaunchAttribute& added = values_[count_++];
        added.id = id;
        return added;
    }

    std::array<CUlaunchAttribute, 3> values_{};
    unsigned count_ = 0;
};

}  // namespace accy::cuda::detail
