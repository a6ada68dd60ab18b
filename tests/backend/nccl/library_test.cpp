// SPDX-License-Identifier: Apache-2.0
// NCCL opened at run time (backend/nccl/library.hpp) and its unique id (backend/nccl/unique_id.hpp), without a
// GPU: a missing library is a clear runtime_unavailable naming where accy looked; where NCCL is installed, its
// version, and ids made, sent as bytes and rebuilt.
#include "support/errors.hpp"

#include <accy/backend/nccl.hpp>

#include <boost/test/unit_test.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstddef>
#include <cstdlib>
#include <string>

namespace {

using accy_test::fails_with;

/// Whether NCCL opens here (`accy::nccl::library()`), for the cases that need it: skipped, saying why, where not.
struct nccl_opens {
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const {
        try {
            accy::nccl::library();
            return true;
        } catch (const accy::error& failure) {
            boost::test_tools::assertion_result missing(false);
            missing.message() << failure.what();
            return missing;
        }
    }
};

}  // namespace

BOOST_AUTO_TEST_SUITE(nccl_library)

BOOST_AUTO_TEST_CASE(a_library_that_is_not_there_is_runtime_unavailable_naming_the_path) {
    const accy::nccl::detail::loaded_library loaded = accy::nccl::detail::load_library("/nonexistent/libnccl.so.2");
    BOOST_TEST(loaded.failure.find("NCCL was not found at /nonexistent/libnccl.so.2, where ACCY_NCCL_LIBRARY points "
                                   "(dlopen: /nonexistent/libnccl.so.2: cannot open shared object file") == 0u,
               loaded.failure);
    // A library without NCCL's entry points: the first one missing is named.
    const accy::nccl::detail::loaded_library wrong = accy::nccl::detail::load_library("libc.so.6");
    BOOST_TEST(wrong.failure == "NCCL (libc.so.6) has no ncclGetVersion: NCCL 2.13 or later is needed");
}

BOOST_AUTO_TEST_CASE(the_variable_points_library_at_a_file_and_a_missing_one_throws_on_every_call) {
    // library() opens NCCL once per process: a child process of its own, with the variable set.
    const pid_t child = fork();
    BOOST_REQUIRE(child >= 0);
    if (child == 0) {
        setenv("ACCY_NCCL_LIBRARY", "/nonexistent/libnccl.so.2", 1);
        const auto refused = fails_with(accy::errc::runtime_unavailable,
                                        {"NCCL was not found at /nonexistent/libnccl.so.2, where ACCY_NCCL_LIBRARY points"});
        int refusals = 0;
        for (int call = 0; call < 2; ++call) {
            try {
                accy::nccl::library();
            } catch (const accy::error& failure) {
                refusals += refused(failure) ? 1 : 0;
            }
        }
        _exit(refusals == 2 ? 0 : 1);
    }
    int status = 0;
    BOOST_REQUIRE(waitpid(child, &status, 0) == child);
    BOOST_TEST(WIFEXITED(status));
    BOOST_TEST(WEXITSTATUS(status) == 0, "the child's library() did not refuse twice with the path named");
}

BOOST_AUTO_TEST_CASE(the_installed_library_has_a_version_of_2_13_or_later, *boost::unit_test::precondition(nccl_opens())) {
    const int version = accy::nccl::library().version;
    BOOST_TEST_MESSAGE("NCCL " << accy::nccl::detail::version_text(version));
    BOOST_TEST(version >= 21300);
    BOOST_TEST(accy::nccl::detail::version_text(22809) == "2.28.9");
    BOOST_TEST(accy::nccl::detail::result_text(accy::nccl::library(), 4).find("ncclInvalidArgument (") == 0u);
}

BOOST_AUTO_TEST_CASE(a_unique_id_goes_to_bytes_and_back, *boost::unit_test::precondition(nccl_opens())) {
    const accy::nccl::unique_id made = accy::nccl::unique_id::create();
    const std::array<std::byte, accy::nccl::unique_id::byte_size> sent = made.bytes();
    const accy::nccl::unique_id received = accy::nccl::unique_id::from_bytes(sent);
    BOOST_TEST((received == made));
    BOOST_TEST(!(accy::nccl::unique_id::create() == made), "two ids made in turn are the same");
    BOOST_CHECK_EXCEPTION(accy::nccl::unique_id::from_bytes(std::span(sent).first(100)), accy::error,
                          fails_with(accy::errc::launch_argument_mismatch,
                                     {"accy::nccl::unique_id::from_bytes: an NCCL unique id is 128 bytes, not 100"}));
}

BOOST_AUTO_TEST_SUITE_END()
