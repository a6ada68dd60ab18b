// SPDX-License-Identifier: Apache-2.0
// A libFuzzer target over the PTX entry reader (accy/backend/cuda/detail/ptx.hpp). Each input is PTX text,
// read for a few entry names and compared with a fixed declaration. It asserts that the reader
// never reads outside the text (ASan), and that what it returns is sane:
// - the count is at most limits::kernel_parameters + 1, and each parameter read has a name and a type
//   inside the text, a size that is a multiple of its type's, and a power-of-two alignment;
// - the body lies inside the text, right after a `{` and right before a `}`;
// - compare_ptx_parameters says nothing exactly when every parameter matches, and names the entry otherwise.
#include <accy/backend/cuda/detail/ptx.hpp>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

namespace {

using accy::access;
using accy::dtype;
using accy::parameter;
using accy::cuda::detail::ptx_entry;

void require(bool condition, const char* what) {
    if (condition) return;
    std::fprintf(stderr, "ptx_fuzzer: %s\n", what);
    std::abort();
}

bool inside(std::string_view part, std::string_view text) {
    return part.data() >= text.data() && part.data() + part.size() <= text.data() + text.size();
}

void check(std::string_view ptx, std::string_view entry_name, const accy::parameter_list& declared) {
    const std::optional<ptx_entry> found = accy::cuda::detail::find_ptx_entry(ptx, entry_name);
    if (!found) return;
    require(found->count <= accy::limits::kernel_parameters + 1, "count past limits::kernel_parameters + 1");
    for (std::size_t i = 0; i < found->count; ++i) {
        const accy::cuda::detail::ptx_parameter& read = found->parameters[i];
        const std::size_t element = accy::cuda::detail::ptx_type_size(read.type);
        require(!read.name.empty() && inside(read.name, ptx), "a parameter's name outside the text");
        require(element != 0 && inside(read.type, ptx), "a parameter's type unknown or outside the text");
        require(read.size != 0 && read.size % element == 0 && (read.array || read.size == element), "a parameter's size");
        require(read.alignment != 0 && (read.alignment & (read.alignment - 1)) == 0, "a parameter's alignment");
    }
    require(inside(found->body, ptx), "the body outside the text");
    const std::size_t open = static_cast<std::size_t>(found->body.data() - ptx.data());
    require(open > 0 && ptx[open - 1] == '{', "the body not after a {");
    require(open + found->body.size() < ptx.size() && ptx[open + found->body.size()] == '}', "the body not before a }");

    const std::string message = accy::cuda::detail::compare_ptx_parameters(*found, declared, entry_name);
    bool matches = found->count == declared.size();
    for (std::size_t i = 0; matches && i < declared.size(); ++i)
        matches = accy::cuda::detail::ptx_parameter_matches(found->parameters[i], declared[i]);
    require(message.empty() == matches, "compare_ptx_parameters disagrees with ptx_parameter_matches");
    require(matches || message.starts_with("kernel '" + std::string(entry_name) + "': "), "a message without the entry");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const accy::parameter_list declared{
        parameter::buffer("x", access::read, dtype::f32), parameter::buffer("y", access::write, dtype::f32),
        parameter::scalar("alpha", dtype::f32), parameter::scalar("n", dtype::u32), parameter::bytes("map", 16, 8)};
    // Exactly the input's bytes, no terminator: a read past the end is an ASan report.
    const std::string_view ptx(reinterpret_cast<const char*>(data), size);
    for (const std::string_view entry_name : {"k", "scale_add", "_Z5scalePfPKffj", "", ".entry"})
        check(ptx, entry_name, declared);
    return 0;
}
