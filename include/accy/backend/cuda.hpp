// SPDX-License-Identifier: Apache-2.0
// Includes the CUDA driver backend: `accy::cuda::backend`, its streams and buffers, graphs, `accy::cuda::wrap`,
// and several devices (`accy::cuda::devices`, peer access).
#pragma once

#include <accy/backend/cuda/backend.hpp>
#include <accy/backend/cuda/devices.hpp>
#include <accy/backend/cuda/graph.hpp>
#include <accy/backend/cuda/peer_access.hpp>
#include <accy/backend/cuda/stream_owner.hpp>
#include <accy/backend/cuda/wrap.hpp>
