// SPDX-License-Identifier: Apache-2.0
// Includes accy's NCCL support: NCCL opened at run time (`accy::nccl::library()`), the unique id that
// the ranks of one communicator share (`accy::nccl::unique_id`) and one rank's `accy::nccl::communicator`.
#pragma once

#include <accy/backend/nccl/communicator.hpp>
#include <accy/backend/nccl/library.hpp>
#include <accy/backend/nccl/unique_id.hpp>
