// SPDX-License-Identifier: Apache-2.0
// Includes every case of the backend conformance suite. A test executable defines its model (conformance/model.hpp),
// declares `accy_conformance::models` as the std::tuple of it, then includes this file: each case runs once per model.
#pragma once

#include "conformance/cases/artifacts.hpp"
#include "conformance/cases/launches.hpp"
#include "conformance/cases/memory.hpp"
#include "conformance/cases/pipelines.hpp"
