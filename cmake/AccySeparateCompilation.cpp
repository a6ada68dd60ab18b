// SPDX-License-Identifier: Apache-2.0
// The one translation unit of accy::separate: accy's run-time code that is not a template.
#include <accy/separate_compilation.hpp>
