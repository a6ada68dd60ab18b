// SPDX-License-Identifier: Apache-2.0
// Defines the objects of the fake CUDA driver: two devices' primary contexts, device memory (host memory, so
// that copies are real), libraries and their kernels with each kernel's parameter layout, modules, streams,
// events, graphs and executable graphs, each kind counted while it lives.
#pragma once

#include <accy/backend/cuda/detail/ptx.hpp>

#include <cuda.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace accy_fake_cuda {

/// A device's primary context: retained by count, alive while retained.
struct context {
    CUdevice device = 0;
    unsigned retains = 0;
    std::set<const context*> peers;  ///< contexts whose memory this one addresses directly

    bool alive() const noexcept { return retains != 0; }
};

/// One allocation: host memory, 256-byte aligned as cuMemAlloc's, whose address is its CUdeviceptr.
struct allocation {
    struct release {
        void operator()(std::byte* memory) const noexcept { std::free(memory); }
    };
    std::unique_ptr<std::byte, release> memory;
    std::size_t size = 0;
    const context* owner = nullptr;
};

/// The live allocations, by address.
class device_memory {
public:
    CUdeviceptr allocate(std::size_t size, const context* owner) {
        const std::size_t rounded = (size + 255) / 256 * 256;
        auto* memory = static_cast<std::byte*>(std::aligned_alloc(256, rounded));
        const auto address = static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(memory));
        live_.emplace(address, allocation{std::unique_ptr<std::byte, allocation::release>(memory), size, owner});
        return address;
    }

    bool free(CUdeviceptr address) { return live_.erase(address) != 0; }

    /// The allocation that holds all of [address, address + bytes), or null.
    const allocation* holding(CUdeviceptr address, std::size_t bytes) const {
        auto after = live_.upper_bound(address);
        if (after == live_.begin()) return nullptr;
        const auto& [start, held] = *std::prev(after);
        return address - start <= held.size && bytes <= held.size - (address - start) ? &held : nullptr;
    }

    std::size_t size() const noexcept { return live_.size(); }

private:
    std::map<CUdeviceptr, allocation> live_;
};

/// Where a launch finds one parameter's bytes: the layout the driver reports (cuFuncGetParamInfo).
struct parameter_slot {
    std::size_t offset = 0;
    std::size_t size = 0;
};

/// A kernel of a library, which is also its function in every context (CUkernel and CUfunction alike).
struct kernel_object {
    std::string name;
    std::vector<parameter_slot> parameters;
    int max_dynamic_shared = 48 * 1024;  ///< CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
};

/// The parameter layout of `.entry name` in `ptx`, each parameter placed at the next offset its
/// alignment allows, as C++ and the driver place parameters that come first or are aligned to 16 or
/// less; none where the PTX has no such entry. Read with accy's own PTX reader: the fake runs no
/// code, it only has to answer for the kernels' parameters as a driver would.
inline std::optional<std::vector<parameter_slot>> parameter_layout(std::string_view ptx, std::string_view name) {
    const std::optional<accy::cuda::detail::ptx_entry> entry = accy::cuda::detail::find_ptx_entry(ptx, name);
    if (!entry) return std::nullopt;
    std::vector<parameter_slot> layout;
    std::size_t offset = 0;
    for (std::size_t i = 0; i < entry->count; ++i) {
        const accy::cuda::detail::ptx_parameter& parameter = entry->parameters[i];
        // A pointer's `.align` is its target's (`.u64 .ptr .global .align 1 x`): the pointer itself is aligned to its size.
        const std::size_t alignment = parameter.pointer ? parameter.size : parameter.alignment;
        offset = (offset + alignment - 1) / alignment * alignment;
        layout.push_back({offset, parameter.size});
        offset += parameter.size;
    }
    return layout;
}

/// Loaded code (cuLibraryLoadData): the PTX text and the kernels asked of it so far.
struct library {
    std::string ptx;
    std::vector<std::unique_ptr<kernel_object>> kernels;
};

/// A memory pool of one device. Its allocations are the fake's plain allocations: the fake runs queued
/// work at once, so there is no stream order to keep and no freed memory to hold.
struct memory_pool {
    CUdevice device = 0;
};

/// An object of one context: a module, a stream, an event.
struct context_object {
    const context* owner = nullptr;
};

struct graph;

/// A node of a graph: a kernel launch, with the parameter bytes copied when it was added or set, a
/// memset, a child graph (whose nodes are not modelled), or a conditional node and its body graph.
struct graph_node {
    const kernel_object* function = nullptr;  ///< null for a memset, child graph or conditional node
    std::vector<std::byte> parameters;
    bool child_graph = false;
    std::shared_ptr<graph> body;  ///< a conditional node's, owned with the node
    std::array<CUgraph, 1> body_handle{};  ///< what the node's phGraph_out points at
};

struct graph {
    std::vector<std::unique_ptr<graph_node>> nodes;
    CUgraphConditionalHandle conditional_handles = 0;  ///< made so far

    graph_node* find(CUgraphNode handle) const {
        for (const auto& node : nodes)
            if (reinterpret_cast<CUgraphNode>(node.get()) == handle) return node.get();
        return nullptr;
    }
};

/// An executable graph: its kernel nodes' parameters, independent of the graph once instantiated,
/// and its child graph nodes.
struct graph_exec {
    std::map<CUgraphNode, graph_node> nodes;
    std::set<CUgraphNode> child_graphs;
};

/// The live objects of one kind, owned here and known by handle, the object's address.
template <class Handle, class Object>
class registry {
public:
    Handle add(std::unique_ptr<Object> made) {
        const auto handle = reinterpret_cast<Handle>(made.get());
        live_.emplace(handle, std::move(made));
        return handle;
    }
    Object* find(Handle handle) const {
        const auto found = live_.find(handle);
        return found == live_.end() ? nullptr : found->second.get();
    }
    bool erase(Handle handle) { return live_.erase(handle) != 0; }
    std::size_t size() const noexcept { return live_.size(); }
    auto begin() const { return live_.begin(); }
    auto end() const { return live_.end(); }

private:
    std::map<Handle, std::unique_ptr<Object>> live_;
};

/// Everything the fake driver holds.
struct objects {
    std::array<context, 2> contexts{context{0, 0, {}}, context{1, 0, {}}};
    device_memory memory;
    registry<CUlibrary, library> libraries;
    registry<CUmodule, context_object> modules;
    registry<CUstream, context_object> streams;
    registry<CUevent, context_object> events;
    registry<CUgraph, graph> graphs;
    registry<CUgraphExec, graph_exec> graph_execs;
    registry<CUmemoryPool, memory_pool> memory_pools;

    context* find(CUcontext handle) {
        for (context& candidate : contexts)
            if (reinterpret_cast<CUcontext>(&candidate) == handle) return &candidate;
        return nullptr;
    }

    /// A kernel of a live library, by its CUkernel or CUfunction handle; null once its library is unloaded.
    kernel_object* kernel(const void* handle) const {
        for (const auto& loaded : libraries)
            for (const auto& made : loaded.second->kernels)
                if (made.get() == handle) return made.get();
        return nullptr;
    }
};

}  // namespace accy_fake_cuda
