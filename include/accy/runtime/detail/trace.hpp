// SPDX-License-Identifier: Apache-2.0
// Defines `accy::detail::trace_range`: an NVTX range in the "accy" domain, so that a profiler such as
// Nsight Systems shows each pipeline launch, stage, pool load and graph replay by name.
#pragma once

// ACCY_NVTX=1 (CMake's accy::cuda sets it unless the ACCY_NVTX option is OFF) compiles the ranges in
// where NVTX3's header-only API is on the include path; otherwise they compile to nothing.
#if defined(ACCY_NVTX) && ACCY_NVTX && __has_include(<nvtx3/nvToolsExt.h>)

#include <nvtx3/nvToolsExt.h>

#include <cstddef>
#include <string>
#include <vector>

namespace accy::detail {

/// A name registered once with the "accy" domain, so that opening a range costs no string handling.
class trace_name {
public:
    explicit trace_name(const std::string& text) noexcept : handle_(nvtxDomainRegisterStringA(domain(), text.c_str())) {}

    static nvtxDomainHandle_t domain() noexcept {
        static const nvtxDomainHandle_t accy = nvtxDomainCreateA("accy");
        return accy;
    }
    nvtxStringHandle_t handle() const noexcept { return handle_; }

private:
    nvtxStringHandle_t handle_;
};

/// An NVTX range open for the scope's life. Without a profiler attached, NVTX leaves its function
/// pointers null after the first call, so that a range costs two loads and two branches.
class trace_range {
public:
    explicit trace_range(const trace_name& name) noexcept {
        nvtxEventAttributes_t attributes{};
        attributes.version = NVTX_VERSION;
        attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
        attributes.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
        attributes.message.registered = name.handle();
        nvtxDomainRangePushEx(trace_name::domain(), &attributes);
    }
    trace_range(const trace_range&) = delete;
    trace_range& operator=(const trace_range&) = delete;
    ~trace_range() { nvtxDomainRangePop(trace_name::domain()); }
};

/// The name a call site registers once, from `text()`: each lambda type is its own call site, so
/// `traced([] { return context_text(context_of<P>("launch_pipeline")); })` in a template names each instantiation apart.
template <class Text>
const trace_name& traced(Text text) {
    static const trace_name name(text());
    return name;
}

/// Name `index` of `Count` that a call site registers once, each from `text(index)`: the stages of a pipeline.
template <std::size_t Count, class Text>
const trace_name& traced(std::size_t index, Text text) {
    static const std::vector<trace_name> names = [&] {
        std::vector<trace_name> all;
        all.reserve(Count);
        for (std::size_t k = 0; k < Count; ++k) all.emplace_back(text(k));
        return all;
    }();
    return names[index];
}

}  // namespace accy::detail

#else

#include <cstddef>

namespace accy::detail {

struct trace_name {};

/// Nothing to name where NVTX is compiled out: `text` is never called, so nothing is allocated.
template <class Text>
constexpr trace_name traced(Text) noexcept {
    return {};
}
template <std::size_t Count, class Text>
constexpr trace_name traced(std::size_t, Text) noexcept {
    return {};
}

class trace_range {
public:
    explicit constexpr trace_range(trace_name) noexcept {}
    trace_range(const trace_range&) = delete;
    trace_range& operator=(const trace_range&) = delete;
};

}  // namespace accy::detail

#endif
