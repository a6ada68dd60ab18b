// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::driver_attributes`: an entry's launch attributes as the driver's
// `CUlaunchAttribute`s, for cuLaunchKernelEx and kernel graph nodes.
#pragma once

#include <accy/kernel/launch_attributes.hpp>

#include <cuda.h>

#include <algorithm>
#include <array>
#include <cstddef>

namespace accy::cuda::detail {

/// The cluster, cooperative and (where `programmatic`) programmatic-serialization attributes of an
/// entry; none for an entry that declares nothing.
class driver_attributes {
public:
    driver_attributes(const launch_attributes& declared, bool programmatic) noexcept {
        // Every member by name: one added to launch_attributes fails to compile here until it is passed on.
        const auto& [cluster, cooperative, waits_on_predecessor] = declared;
        if (declared.clustered()) {
            CUlaunchAttribute& dimensions = next<CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION>();
            dimensions.value.clusterDim.x = cluster.x;
            dimensions.value.clusterDim.y = cluster.y;
            dimensions.value.clusterDim.z = cluster.z;
        }
        if (cooperative) next<CU_LAUNCH_ATTRIBUTE_COOPERATIVE>().value.cooperative = 1;
        if (programmatic && waits_on_predecessor)
            next<CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION>().value.programmaticStreamSerializationAllowed = 1;
    }

    CUlaunchAttribute* data() noexcept { return count_ == 0 ? nullptr : values_.data(); }
    const CUlaunchAttribute* begin() const noexcept { return values_.data(); }
    const CUlaunchAttribute* end() const noexcept { return values_.data() + count_; }
    unsigned size() const noexcept { return count_; }

private:
    /// The attributes an entry may ask for, each at most once: what `values_` has room for.
    static constexpr std::array declarable{CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION, CU_LAUNCH_ATTRIBUTE_COOPERATIVE,
                                           CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION};

    template <CUlaunchAttributeID Id>
    CUlaunchAttribute& next() noexcept {
        static_assert(std::find(declarable.begin(), declarable.end(), Id) != declarable.end(),
                      "accy::cuda::detail::driver_attributes: list each attribute it adds in `declarable`, which sizes `values_`");
        CUlaunchAttribute& added = values_[count_++];
        added.id = Id;
        return added;
    }

    std::array<CUlaunchAttribute, declarable.size()> values_{};
    unsigned count_ = 0;
};

}  // namespace accy::cuda::detail
