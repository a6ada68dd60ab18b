// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::make_artifact`, the CUDA artifact of a kernel entry, checked for what can
// be checked without the driver (CUDA source compiled by NVRTC).
#pragma once

#include <accy/backend/cuda/detail/nvrtc.hpp>
#include <accy/backend/cuda/artifact.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/error.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>

#include <memory>
#include <string>

namespace accy::cuda::detail {

inline bool is_cuda_format(format fmt) noexcept {
    return fmt == format::cuda_ptx || fmt == format::cuda_cubin || fmt == format::cuda_fatbin ||
           fmt == format::cuda_source;
}

/// The artifact of `entry` in `fmt` from `code`, checked for what can be checked without the
/// driver; CUDA source is compiled by NVRTC for compute capability `major.minor`.
inline artifact make_artifact(const kernel_entry& entry, format fmt, const payload& code, int major, int minor) {
    const auto entry_text = [&] {
        return accy::detail::message({"kernel entry '", entry.entry_name, "' (", entry.target, " v", entry.version, ")"});
    };
    if (!is_cuda_format(fmt))
        throw error(errc::unsupported_operation,
                    accy::detail::message({"the CUDA backend loads cuda_ptx, cuda_cubin, cuda_fatbin and cuda_source, not ",
                                           fmt, " (", entry_text(), ")"}));
    artifact made{fmt, entry.entry_name, entry.entry_name, {}, {}, nullptr, entry.parameters, entry.geometry.block,
                  entry.geometry.shared.total(entry.geometry.block), entry.attributes};
    const bool textual = fmt == format::cuda_ptx || fmt == format::cuda_source;
    if (textual ? code.text.empty() : code.image.empty())
        throw error(errc::invalid_artifact, accy::detail::message({entry_text(), " has no ", fmt, " payload (",
                                                                   textual ? "text" : "image bytes", " expected)"}));
    if (fmt == format::cuda_ptx) {
        made.ptx = code.text;
    } else if (fmt == format::cuda_source) {
        made.compiled = std::make_shared<const compiled_source>(compile_cuda_source(code.text, entry.entry_name, major, minor));
        made.image = made.compiled->cubin;
        made.symbol = made.compiled->lowered_name;
    } else {
        made.image = code.image;
    }
    return made;
}

}  // namespace accy::cuda::detail
