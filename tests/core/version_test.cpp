// SPDX-License-Identifier: Apache-2.0
// accy/version.hpp: the headers' version is the CMake project's (ACCY_PROJECT_VERSION, passed by tests/CMakeLists.txt).
#include <accy/version.hpp>

#include <boost/test/unit_test.hpp>

#include <string>

BOOST_AUTO_TEST_CASE(the_headers_version_is_the_cmake_projects) {
    const std::string headers = std::to_string(ACCY_VERSION_MAJOR) + "." + std::to_string(ACCY_VERSION_MINOR) + "." +
                                std::to_string(ACCY_VERSION_PATCH);
    BOOST_TEST(headers == ACCY_PROJECT_VERSION);
    static_assert(accy::version == accy::version_number{ACCY_VERSION_MAJOR, ACCY_VERSION_MINOR, ACCY_VERSION_PATCH});
    static_assert(accy::version_number{0, 9, 9} < accy::version_number{1, 0, 0});
}
