// SPDX-License-Identifier: Apache-2.0
// Includes the core, the kernel and pipeline model and the runtime. Each backend has its own header:
// <accy/backend/host.hpp>, <accy/backend/cuda.hpp>, <accy/testing/recording_backend.hpp>; each of
// them brings <accy/device_buffer.hpp> (and with it <vector>), which nothing here needs.
#pragma once

#include <accy/core/buffer.hpp>
#include <accy/core/dtype.hpp>
#include <accy/core/error.hpp>
#include <accy/core/fixed_string.hpp>
#include <accy/core/float_types.hpp>
#include <accy/core/format.hpp>
#include <accy/kernel/argument.hpp>
#include <accy/kernel/geometry.hpp>
#include <accy/kernel/host_kernel.hpp>
#include <accy/kernel/kernel_declaration.hpp>
#include <accy/kernel/kernel_entry.hpp>
#include <accy/kernel/launch_attributes.hpp>
#include <accy/kernel/parameter.hpp>
#include <accy/kernel/payload.hpp>
#include <accy/kernel/registry.hpp>
#include <accy/pipeline/buffer_ref.hpp>
#include <accy/pipeline/control_flow.hpp>
#include <accy/pipeline/definition.hpp>
#include <accy/pipeline/derivation.hpp>
#include <accy/pipeline/diagnosis.hpp>
#include <accy/pipeline/pipeline.hpp>
#include <accy/pipeline/problem.hpp>
#include <accy/pipeline/report.hpp>
#include <accy/pipeline/runtime_scalars.hpp>
#include <accy/pipeline/shape.hpp>
#include <accy/pipeline/stage.hpp>
#include <accy/pipeline/stages.hpp>
#include <accy/runtime/artifact_pool.hpp>
#include <accy/runtime/backend.hpp>
#include <accy/runtime/checked_launch.hpp>
#include <accy/runtime/describe.hpp>
#include <accy/runtime/scratch_buffers.hpp>
#include <accy/runtime/launch.hpp>
#include <accy/runtime/launch_options.hpp>
#include <accy/version.hpp>
