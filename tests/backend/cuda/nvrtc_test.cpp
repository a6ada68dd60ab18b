// SPDX-License-Identifier: Apache-2.0
// compile_cuda_source: NVRTC, opened at run time, compiles CUDA C++ to a cubin on the CPU, with no GPU.
#include <accy/backend/cuda/detail/nvrtc.hpp>

#include <boost/test/unit_test.hpp>

#include <array>
#include <chrono>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <string>
#include <stdexcept>
#include <string_view>
#include <thread>

namespace {

using accy::cuda::detail::compile_cuda_source;
using accy::cuda::detail::compiled_source;

/// ctest's SKIP_RETURN_CODE of this test.
constexpr int skip_exit_code = 77;

/// Global fixture: where NVRTC is missing, prints why and exits with the skip code.
struct require_nvrtc {
    require_nvrtc() {
        try {
            const accy::cuda::detail::nvrtc_api& api = accy::cuda::detail::nvrtc();
            std::cout << "accy nvrtc tests with NVRTC " << api.major << "." << api.minor << std::endl;
        } catch (const accy::error& failure) {
            if (failure.code() != accy::errc::runtime_unavailable) throw;
            std::cout << "skipped: " << failure.what() << std::endl;
            std::exit(skip_exit_code);
        }
    }
};

constexpr std::string_view add_one = R"(
extern "C" __global__ void add_one(float* values, unsigned count) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) values[i] += 1.0f;
}
)";

constexpr std::string_view scale_template = R"(
template <class T>
__global__ void scale(T* values, T factor, unsigned count) {
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) values[i] *= factor;
}
)";

/// The cubin is an ELF image.
bool is_elf(const compiled_source& compiled) {
    return compiled.cubin.size() > 4 && compiled.cubin[0] == 0x7f && compiled.cubin[1] == 'E' &&
           compiled.cubin[2] == 'L' && compiled.cubin[3] == 'F';
}

/// The error `compile` throws; fails the test where it throws none.
template <class Compile>
accy::error thrown_by(Compile compile) {
    try {
        compile();
    } catch (const accy::error& failure) {
        return failure;
    }
    BOOST_FAIL("no accy::error thrown");
    throw std::logic_error("unreachable");
}

}  // namespace

BOOST_TEST_GLOBAL_FIXTURE(require_nvrtc);

BOOST_AUTO_TEST_CASE(extern_c_kernel_compiles_to_a_cubin_for_sm_90_and_sm_80) {
    for (const auto [major, minor] : {std::array{9, 0}, std::array{8, 0}}) {
        BOOST_TEST_CONTEXT("sm_" << major << minor) {
            const auto start = std::chrono::steady_clock::now();
            const compiled_source compiled = compile_cuda_source(add_one, "add_one", major, minor);
            const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
            std::cout << "compile of add_one for sm_" << major << minor << ": " << took.count() << " ms, "
                      << compiled.cubin.size() << " bytes" << std::endl;
            BOOST_TEST(!compiled.cubin.empty());
            BOOST_TEST(is_elf(compiled));
            BOOST_TEST(compiled.lowered_name == "add_one");
        }
    }
}

BOOST_AUTO_TEST_CASE(template_kernel_gets_its_mangled_name) {
    const compiled_source compiled = compile_cuda_source(scale_template, "scale<float>", 9, 0);
    BOOST_TEST(is_elf(compiled));
    BOOST_TEST(compiled.lowered_name.starts_with("_Z"), compiled.lowered_name);
    BOOST_TEST(compiled.lowered_name.find("scale") != std::string::npos, compiled.lowered_name);
    // Another instantiation of the same source has another name.
    BOOST_TEST(compile_cuda_source(scale_template, "scale<int>", 9, 0).lowered_name != compiled.lowered_name);
}

BOOST_AUTO_TEST_CASE(syntax_error_is_invalid_artifact_with_the_log) {
    constexpr std::string_view broken = R"(
extern "C" __global__ void broken(float* values) {
    values[0] = undeclared_identifier_xyz;
}
)";
    const accy::error failure = thrown_by([&] { compile_cuda_source(broken, "broken", 9, 0); });
    BOOST_TEST(failure.code() == accy::errc::invalid_artifact);
    const std::string& text = failure.message();
    BOOST_TEST(text.find("undeclared_identifier_xyz") != std::string::npos, text);  // the compiler's diagnostic
    BOOST_TEST(text.find("'broken'") != std::string::npos, text);
    BOOST_TEST(text.find("sm_90") != std::string::npos, text);
    BOOST_TEST(text.find("NVRTC_ERROR_COMPILATION") != std::string::npos, text);
}

BOOST_AUTO_TEST_CASE(missing_entry_is_invalid_artifact_naming_it) {
    const accy::error failure = thrown_by([] { compile_cuda_source(add_one, "no_such_kernel", 9, 0); });
    BOOST_TEST(failure.code() == accy::errc::invalid_artifact);
    BOOST_TEST(failure.message().find("no_such_kernel") != std::string::npos, failure.message());
}

BOOST_AUTO_TEST_CASE(unsupported_architecture_is_invalid_artifact_naming_it) {
    const accy::error failure = thrown_by([] { compile_cuda_source(add_one, "add_one", 1, 0); });
    BOOST_TEST(failure.code() == accy::errc::invalid_artifact);
    BOOST_TEST(failure.message().find("sm_10") != std::string::npos, failure.message());
}

BOOST_AUTO_TEST_CASE(source_without_a_terminating_nul_compiles) {
    // The view ends where the kernel does, in the middle of a buffer whose next bytes do not compile.
    const std::string buffer = "@@@" + std::string(add_one) + "this is not CUDA";
    const std::string_view source = std::string_view(buffer).substr(3, add_one.size());
    const compiled_source compiled = compile_cuda_source(source, "add_one", 9, 0);
    BOOST_TEST(is_elf(compiled));
    BOOST_TEST(compiled.lowered_name == "add_one");
}

BOOST_AUTO_TEST_CASE(two_threads_compile_at_once) {
    std::array<compiled_source, 2> compiled;
    std::array<std::string, 2> failures;  // what a thread caught, if anything
    {
        std::array<std::jthread, 2> threads;
        for (std::size_t i = 0; i < threads.size(); ++i)
            threads[i] = std::jthread([&, i] {
                try {
                    compiled[i] = i == 0 ? compile_cuda_source(add_one, "add_one", 9, 0)
                                         : compile_cuda_source(scale_template, "scale<float>", 8, 0);
                } catch (const std::exception& failure) {
                    failures[i] = failure.what();
                }
            });
    }  // joined
    BOOST_TEST(failures[0].empty(), failures[0]);
    BOOST_TEST(failures[1].empty(), failures[1]);
    BOOST_TEST(is_elf(compiled[0]));
    BOOST_TEST(is_elf(compiled[1]));
    BOOST_TEST(compiled[0].lowered_name == "add_one");
    BOOST_TEST(compiled[1].lowered_name.starts_with("_Z"));
}
