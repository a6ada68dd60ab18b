// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::check_signature`, which compares a loaded function's parameter layout,
// as the driver reports it, with its entry's declaration.
#pragma once

#include <accy/backend/cuda/detail/check.hpp>
#include <accy/backend/cuda/driver.hpp>
#include <accy/backend/cuda/artifact.hpp>
#include <accy/core/detail/message.hpp>
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
        accy::detail::append(text, {i == 0 ? "" : ", ", i});
        if (names != nullptr) accy::detail::append(text, {" '", (*names)[i].name, "'"});
        accy::detail::append(text, {" at ", offsets[i], " (", sizes[i], " bytes)"});
    }
    return text.empty() ? std::string("no parameters") : text;
}

/// Where the driver's parameter area starts, as `parameter_list::offset` takes it: the driver
/// places each parameter at the first offset past the one before whose address in the constant
/// bank is aligned, and the area starts at a multiple of 16 that need not be one of 64 or 128
/// (0x210 on sm_90). Parameters aligned to 16 or less therefore sit where C++ puts them; one aligned
/// to 64 or 128, a `CUtensorMap`, sits where that address is aligned: at 112 on sm_90, first or
/// after 9 bytes alike. The start is read from where the driver put the first parameter of the
/// largest alignment above 16 (0 when there is none, or the function has fewer parameters).
inline std::size_t parameter_area_base(const parameter_list& declared, std::span<const std::size_t> offsets) noexcept {
    std::size_t widest = 0;
    for (std::size_t i = 0; i < declared.size(); ++i)
        if (declared[i].alignment > 16 && declared[i].alignment > declared[widest].alignment) widest = i;
    const std::size_t alignment = declared.size() == 0 ? 0 : declared[widest].alignment;
    if (alignment <= 16 || widest >= offsets.size()) return 0;
    const std::size_t base = (alignment - offsets[widest] % alignment) % alignment;
    return base % 16 == 0 ? base : 0;  // not a placement the rule makes: compared as declared
}

/// Compares the function's real parameters (offset and size of each, from the driver) with the
/// entry's declaration placed as the driver places it (`parameter_area_base`), and reports both
/// layouts, with the declared names, when they differ.
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
    std::array<std::size_t, limits::kernel_parameters + 1> offsets{}, sizes{};
    const std::size_t asked = std::min(known_count.value_or(declared.size() + 1), offsets.size());
    std::size_t count = 0;
    for (; count < asked; ++count) {
        const CUresult result = api.func_get_param_info(function, count, &offsets[count], &sizes[count]);
        if (result == CUDA_ERROR_INVALID_VALUE) break;  // past the function's last parameter
        check(api, result, "cuFuncGetParamInfo");
    }
    const std::size_t base = parameter_area_base(declared, std::span(offsets).first(count));
    std::array<std::size_t, limits::kernel_parameters> declared_offsets{}, declared_sizes{};
    bool matches = count == declared.size();
    for (std::size_t i = 0; i < declared.size(); ++i) {
        declared_offsets[i] = declared.offset(i, base);
        declared_sizes[i] = declared[i].size;
        matches = matches && offsets[i] == declared_offsets[i] && sizes[i] == declared_sizes[i];
    }
    if (matches) return;
    const bool more = !known_count && count > declared.size();  // one past the declared ones answered
    std::string text = accy::detail::message({
         "kernel '", made.entry_name, "' takes ", more ? "at least " : "", count, " parameters: ",
         describe_layout(std::span(offsets).first(count), std::span(sizes).first(count), nullptr), more ? ", ..." : "",
         "; its entry declares ", declared.size(), ": ",
         describe_layout(std::span(declared_offsets).first(declared.size()), std::span(declared_sizes).first(declared.size()),
                         &declared)});
    if (base != 0)
        accy::detail::append(text, {" (where the driver places them: its parameter area starts ", base,
                              " bytes past a multiple of ", declared.alignment(), ")"});
    throw error(errc::launch_argument_mismatch, text);
}

}  // namespace accy::cuda::detail
