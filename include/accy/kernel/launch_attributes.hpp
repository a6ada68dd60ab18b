// SPDX-License-Identifier: Apache-2.0
// Defines `accy::launch_attributes`: what a kernel entry declares about how its kernel must be
// launched beyond its geometry: thread-block clusters, cooperative launch, programmatic dependent launch.
#pragma once

#include <accy/kernel/geometry.hpp>

#include <cstdint>

namespace accy {

namespace limits {
/// The most blocks of a cluster that every device of compute capability 9.0 and later supports.
inline constexpr std::uint32_t portable_cluster_blocks = 8;
}  // namespace limits

struct launch_attributes {
    /// Blocks per thread-block cluster, in each dimension; (1, 1, 1) launches no cluster. Every
    /// grid dimension must be a multiple of the cluster's: checked at compile time for fixed
    /// dimensions and before any stage launches for derived ones.
    dim3 cluster{};
    /// All blocks must be resident at once (the kernel synchronizes the whole grid). The CUDA
    /// backend checks the grid against the kernel's occupancy before any stage launches.
    bool cooperative = false;
    /// The kernel waits for its predecessor's memory with `griddepcontrol.wait`
    /// (`cudaGridDependencySynchronize()`) before it reads what the stage before wrote or writes
    /// what that stage reads, so it may start while the predecessor is still running
    /// (programmatic dependent launch). The CUDA backend refuses the declaration at load when the
    /// entry's PTX has no such wait.
    bool waits_on_predecessor = false;

    constexpr bool clustered() const noexcept { return cluster.x * cluster.y * cluster.z > 1; }
};

}  // namespace accy
