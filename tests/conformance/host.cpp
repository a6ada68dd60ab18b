// SPDX-License-Identifier: Apache-2.0
// The backend conformance suite on `accy::host::backend`, which runs host-format kernels on the CPU.
#include "conformance/affine.hpp"
#include "conformance/model.hpp"

#include <accy/backend/host.hpp>

#include <string_view>
#include <tuple>

namespace accy_conformance {

struct host_model {
    using backend = accy::host::backend;

    static constexpr std::string_view name = "host";
    static constexpr accy::format format = accy::format::host;
    static constexpr accy::format foreign_format = accy::format::cuda_ptx;
    static constexpr accy::kernel_entry entry = affine_entry(format, accy::payload::from_host(&affine_host));

    static constexpr bool computes = true;
    static constexpr bool records_calls = false;
    static constexpr bool checks_artifacts = true;
    static constexpr bool checks_arguments = true;
    static constexpr bool limits_memory = true;

    /// Four threads on any machine, so that the blocks of a launch run concurrently.
    static backend make() { return backend(4); }
    /// Source text where the host format takes a function.
    static accy::payload corrupt_payload() { return accy::payload::from_text("void conformance_affine() {}"); }

    /// The host backend has one stream, a tag: every launch has finished when it returns.
    struct only_stream {
        backend::stream get() const noexcept { return {}; }
    };
    static only_stream make_stream(backend&) noexcept { return {}; }
};
static_assert(model<host_model>);

using models = std::tuple<host_model>;

}  // namespace accy_conformance

#include "conformance/suite.hpp"
