// SPDX-License-Identifier: Apache-2.0
// The harness every ```cpp block of README.md and docs/guide.md is compiled with (tests/docs,
// code_blocks.py): the standard headers the blocks use, accy without its CUDA backend, and the one
// name the blocks take as given: `saxpy_fatbin`, a kernel image as accy_add_kernels would embed it
// (here a placeholder). A ```cpp cuda block is compiled with prelude_cuda.hpp.
#pragma once

// The blocks stand under #line directives naming the Markdown file, so that to g++ they are not the
// main file but a header's code, which it warns of where a class's base has internal linkage (a
// base templated on a namespace-scope constexpr registry). In a reader's .cpp they are the main file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wsubobject-linkage"
#endif
// Block n is compiled without the blocks after it, which may be the ones that use its constants.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunused-const-variable"
#endif

#include <accy/accy.hpp>

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <tuple>
#include <vector>

inline constexpr unsigned char saxpy_fatbin_bytes[] = {0x50, 0xed, 0x55, 0xba};
inline constexpr std::span<const unsigned char> saxpy_fatbin{saxpy_fatbin_bytes};
