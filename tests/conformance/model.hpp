// SPDX-License-Identifier: Apache-2.0
// Defines `accy_conformance::model`, what the conformance suite needs to know of a backend to run its cases on it.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/payload.hpp>
#include <accy/runtime/backend.hpp>

#include <concepts>
#include <cstddef>
#include <string_view>

namespace accy_conformance {

/// A backend whose buffers hold bytes the host can write and read back (the device backends).
template <class Backend>
concept transfers = requires(Backend& device, const accy::buffer& bound, void* to, const void* from,
                             std::size_t bytes) {
    device.upload(bound, from, bytes);
    device.download(to, bound, bytes);
};

/// One backend as the suite runs it (Boost.Hana's test/_include/auto/ runs one body for every model the same way).
/// Each test executable defines one model, names it in `accy_conformance::models`, then includes the cases.
///
/// What a backend cannot do is a trait, and each case says what it checks instead where the trait is false:
/// - `computes`: launches run the kernel and `fill_zero` clears bytes; buffers hold data (`upload`, `download`).
///   Else the backend must record its calls, and the case checks the record.
/// - `records_calls`: the backend keeps every call and its arguments (`accy::testing::recording_backend`'s members).
/// - `checks_artifacts`: `create_artifact`/`load_artifact` refuse a format the backend does not load
///   (`unsupported_operation`) and a payload it cannot run (`invalid_artifact`). Else both are accepted as given.
/// - `checks_arguments`: a launch whose arguments disagree with the kernel's entry, and a transfer past a buffer's
///   end, are `launch_argument_mismatch`. Else the launch is made as given.
/// - `limits_memory`: an allocation the system cannot give is `out_of_memory`. Else only an injected fault refuses.
///
/// And the model's own parts: `make()` the backend; `entry` the suite's kernel (affine.hpp) in the model's `format`;
/// `foreign_format` a format of another backend; `corrupt_payload()` code in `format` that cannot be loaded;
/// `make_stream(device)` an owner of a stream other than the default one, whose `get()` is the stream.
template <class Model>
concept model = accy::backend<typename Model::backend> && requires(typename Model::backend& device) {
    { Model::name } -> std::convertible_to<std::string_view>;
    { Model::format } -> std::convertible_to<accy::format>;
    { Model::foreign_format } -> std::convertible_to<accy::format>;
    { Model::entry } -> std::convertible_to<accy::kernel_entry>;
    { Model::computes } -> std::convertible_to<bool>;
    { Model::records_calls } -> std::convertible_to<bool>;
    { Model::checks_artifacts } -> std::convertible_to<bool>;
    { Model::checks_arguments } -> std::convertible_to<bool>;
    { Model::limits_memory } -> std::convertible_to<bool>;
    { Model::make() } -> std::same_as<typename Model::backend>;
    { Model::corrupt_payload() } -> std::same_as<accy::payload>;
    { Model::make_stream(device).get() } -> std::same_as<typename Model::backend::stream>;
} &&
        // A trait that says the backend computes must be true of its buffers, and a case must have something to check.
        Model::computes == transfers<typename Model::backend> &&
    (Model::computes || Model::records_calls) &&
    Model::entry.format == Model::format&& Model::foreign_format != Model::format;

}  // namespace accy_conformance
