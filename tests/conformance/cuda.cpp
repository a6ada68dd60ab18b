// SPDX-License-Identifier: Apache-2.0
// The backend conformance suite on `accy::cuda::backend`, device 0; exits 77 (skipped) where there is no driver or
// device. The kernel is kernels/affine.cu, loaded as PTX so that the load also compares its parameter types.
#include "conformance/affine.hpp"
#include "conformance/model.hpp"
#include "gpu/device.hpp"

#include <accy/backend/cuda.hpp>
#include <accy_conformance/kernels.hpp>

#include <boost/test/unit_test.hpp>

#include <cuda.h>

#include <string_view>
#include <tuple>

namespace accy_conformance {

struct cuda_model {
    using backend = accy::cuda::backend;

    static constexpr std::string_view name = "cuda";
    static constexpr accy::format format = accy::format::cuda_ptx;
    static constexpr accy::format foreign_format = accy::format::host;
    static constexpr accy::kernel_entry entry = affine_entry(format, accy::payload::from_text(kernels::affine_ptx));

    static constexpr bool computes = true;
    static constexpr bool records_calls = false;
    static constexpr bool checks_artifacts = true;
    static constexpr bool checks_arguments = true;
    static constexpr bool limits_memory = true;

    /// Device 0's primary context, which the global fixture's backend keeps retained between the cases.
    static backend make() { return backend(0); }
    /// PTX whose body does not compile: the driver's JIT refuses it when the kernel is loaded.
    static accy::payload corrupt_payload() {
        return accy::payload::from_text(
            ".version 8.0\n.target sm_90\n.address_size 64\n"
            ".visible .entry conformance_affine() { this is not ptx; }\n");
    }

    /// A stream that does not wait for the legacy default stream, so that only the stream's own order holds.
    static accy::cuda::stream_owner make_stream(backend& device) {
        return accy::cuda::stream_owner(device, CU_STREAM_NON_BLOCKING);
    }
};
static_assert(model<cuda_model>);

using models = std::tuple<cuda_model>;

using accy_gpu_test::require_device;
BOOST_TEST_GLOBAL_FIXTURE(require_device);

}  // namespace accy_conformance

#include "conformance/suite.hpp"
