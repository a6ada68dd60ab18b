// SPDX-License-Identifier: Apache-2.0
// The backend conformance suite on `accy::testing::recording_backend`, which runs nothing, checks nothing and records
// every call: where a case's subject is a result or a refusal, the case checks the record instead.
#include "conformance/affine.hpp"
#include "conformance/model.hpp"

#include <accy/testing/recording_backend.hpp>

#include <string_view>
#include <tuple>

namespace accy_conformance {

struct recording_model {
    using backend = accy::testing::recording_backend;

    static constexpr std::string_view name = "recording";
    // Any format will do: the payload is never read.
    static constexpr accy::format format = accy::format::cuda_ptx;
    static constexpr accy::format foreign_format = accy::format::host;
    static constexpr accy::kernel_entry entry =
        affine_entry(format, accy::payload::from_text("// conformance_affine: recorded, never run"));

    static constexpr bool computes = false;
    static constexpr bool records_calls = true;
    static constexpr bool checks_artifacts = false;
    static constexpr bool checks_arguments = false;
    static constexpr bool limits_memory = false;

    static backend make() { return backend{}; }
    static accy::payload corrupt_payload() { return accy::payload::from_text("not code"); }

    /// A stream of the recording backend is a number; 0 is not special, any other tells the launches apart.
    struct stream_number {
        backend::stream get() const noexcept { return 7; }
    };
    static stream_number make_stream(backend&) noexcept { return {}; }
};
static_assert(model<recording_model>);

using models = std::tuple<recording_model>;

}  // namespace accy_conformance

#include "conformance/suite.hpp"
