// SPDX-License-Identifier: Apache-2.0
// The one translation unit of each test executable that defines Boost.Test's main.
#define BOOST_TEST_MODULE accy
#ifdef ACCY_BOOST_TEST_HEADER_ONLY
#include <boost/test/included/unit_test.hpp>
#else
#include <boost/test/unit_test.hpp>
#endif
