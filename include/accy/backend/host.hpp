// SPDX-License-Identifier: Apache-2.0
// Includes the host backend, `accy::host::backend`, which runs `host`-format kernels on the CPU, and
// `accy::host::communicator`, collectives between ranks that are threads of one process.
#pragma once

#include <accy/backend/host/artifact.hpp>
#include <accy/backend/host/backend.hpp>
#include <accy/backend/host/communicator.hpp>
#include <accy/backend/host/thread_pool.hpp>
