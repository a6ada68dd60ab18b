// SPDX-License-Identifier: Apache-2.0
// The run-time code of accy that is not a template, for a program built with
// `ACCY_SEPARATE_COMPILATION` defined in every translation unit: exactly one of them includes this
// header, and holds that code; the others declare it only, and compile their pipelines' typed
// parts alone. Without `ACCY_SEPARATE_COMPILATION`, every header defines its code itself (inline)
// and this header is not needed.
#pragma once

#if !defined(ACCY_SEPARATE_COMPILATION)
#error "<accy/separate_compilation.hpp> is for programs built with ACCY_SEPARATE_COMPILATION defined in every translation unit"
#endif

#include <accy/core/detail/impl/message.hpp>
#include <accy/core/impl/error.hpp>
#include <accy/kernel/detail/impl/check_launch_arguments.hpp>
#include <accy/kernel/detail/impl/host_access.hpp>
#include <accy/runtime/detail/impl/checks.hpp>
#include <accy/runtime/detail/impl/describe.hpp>
#include <accy/runtime/detail/impl/derive_peer.hpp>
#include <accy/runtime/detail/impl/derive_tensor_map.hpp>
#include <accy/runtime/detail/impl/evaluate.hpp>
#include <accy/runtime/detail/impl/run.hpp>
#include <accy/runtime/detail/impl/scratch_plan.hpp>
#include <accy/runtime/detail/impl/stage_launches.hpp>
#include <accy/testing/impl/recording_backend.hpp>
