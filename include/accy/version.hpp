// SPDX-License-Identifier: Apache-2.0
// Defines accy's version: `ACCY_VERSION_MAJOR`, `_MINOR`, `_PATCH` for the preprocessor, and
// `accy::version`, the same as a value. The CMake project's version is the same (a test checks it).
#pragma once

#include <compare>

#define ACCY_VERSION_MAJOR 0
#define ACCY_VERSION_MINOR 1
#define ACCY_VERSION_PATCH 0

namespace accy {

/// A version of accy: numbers compare as they read.
struct version_number {
    unsigned major = 0;
    unsigned minor = 0;
    unsigned patch = 0;

    friend constexpr auto operator<=>(const version_number&, const version_number&) = default;
};

/// The version of these headers.
inline constexpr version_number version{ACCY_VERSION_MAJOR, ACCY_VERSION_MINOR, ACCY_VERSION_PATCH};

}  // namespace accy
