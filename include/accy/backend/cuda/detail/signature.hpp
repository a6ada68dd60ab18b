// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::check_signature`, which compares a loaded function's parameter layout,
// as the driver reports it, with its entry's declaration.
#pragma once

#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/detail/message.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/module.hpp>
#include <accy/core/error.hpp>
#include <accy/kernel/parameter.hpp>

#include <cuda.h>

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace accy::cuda::detail {

/// "0 'x' at 0 (8 bytes), 1 'n' at 8 (4 bytes)": a parameter layout, for messages.
inline std::string describe_layout(std::span<const std::size_t> offsets, std::span<const std::size_t> sizes,
                                   const parameter_list* names) {
    std::string text;
    for (std::size_t i = 0; i < offsets.size(); ++i) {
        text += message(i == 0 ? "" : ", ", i);
        if (names != nullptr) text += message(" '", (*names)[i].name, "'");
        text += message(" at ", offsets[i], " (", sizes[i], " bytes)");
    }
    return text.empty() ? std::string("no parameters") : text;
}

/// Compares the function's real parameters (offset and size of each, from the driver) with the
/// entry's declaration, and reports both layouts, with the declared names, when they differ.
/// `known_count` is the function's parameter count where PTX told it, else cuFuncGetParamCount's
/// (CUDA 13.2); where neither tells, the driver is asked for one parameter past the declared ones,
/// which it answers with CUDA_ERROR_INVALID_VALUE when there is none (compute-sanitizer reports
/// that answer as an API error). Needs cuFuncGetParamInfo (CUDA 12.4); older drivers skip the check.
inline void check_signature(const driver_api& api, CUfunction function, const artifact& made,
                            std::optional<std::size_t> known_count) {
    if (api.func_get_param_info == nullptr) return;
    if (std::size_t count = 0; !known_count && api.func_get_param_count != nullptr) {
        check(api, api.func_get_param_count(function, &count), "cuFuncGetParamCount");
        known_count = count;
    }
    const parameter_list& declared = made.parameters;
    std::array<std::size_t, max_kernel_parameters + 1> offsets{}, sizes{};
    const std::size_t asked = std::min(known_count.value_or(declared.size() + 1), offsets.size());
    std::size_t count = 0;
    bool matches = true;
    for (; count < asked; ++count) {
        const CUresult result = api.func_get_param_info(function, count, &offsets[count], &sizes[count]);
        if (result == CUDA_ERROR_INVALID_VALUE) break;  // past the function's last parameter
        check(api, result, "cuFuncGetParamInfo");
        if (count >= declared.size() || offsets[count] != declared.offset(count) || sizes[count] != declared[count].size)
            matches = false;
    }
    if (matches && count == declared.size()) return;
    std::array<std::size_t, max_kernel_parameters> declared_offsets{}, declared_sizes{};
    for (std::size_t i = 0; i < declared.size(); ++i) {
        declared_offsets[i] = declared.offset(i);
        declared_sizes[i] = declared[i].size;
    }
    const bool more = !known_count && count > declared.size();  // one past the declared ones answered
    throw error(errc::launch_argument_mismatch,
                message("kernel '", made.entry_name, "' takes ", more ? "at least " : "", count, " parameters: ",
                        describe_layout(std::span(offsets).first(count), std::span(sizes).first(count), nullptr),
                        more ? ", ..." : "", "; its entry declares ", declared.size(), ": ",
                        describe_layout(std::span(declared_offsets).first(declared.size()),
                                        std::span(declared_sizes).first(declared.size()), &declared)));
}

}  // namespace accy::cuda::detail
