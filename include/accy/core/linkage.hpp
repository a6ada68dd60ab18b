// SPDX-License-Identifier: Apache-2.0
// Defines `ACCY_DECL`, how accy's run-time functions that are not templates are declared: `inline`
// and defined in every translation unit by default, or, where the program defines
// `ACCY_SEPARATE_COMPILATION` in every translation unit, declared only and defined once, in the
// one translation unit that includes <accy/separate_compilation.hpp>.
#pragma once

#if defined(ACCY_SEPARATE_COMPILATION)
#define ACCY_DECL
#else
#define ACCY_DECL inline
#endif
