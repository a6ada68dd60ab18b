// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::find_ptx_entry`, a reader of a PTX `.entry`'s parameters and PDL wait, and their check.
#pragma once

#include <accy/backend/cuda/detail/ptx_lexer.hpp>
#include <accy/core/detail/message.hpp>
#include <accy/core/dtype.hpp>
#include <accy/kernel/parameter.hpp>

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace accy::cuda::detail {

/// One `.param` of a PTX entry, its text viewing the PTX.
struct ptx_parameter {
    std::string_view name;
    std::string_view type;       ///< "u64", "f32", "b8", ...: the type without its dot
    bool pointer = false;        ///< `.ptr` given
    std::size_t alignment = 0;   ///< from `.align`, else the type's size
    std::size_t size = 0;        ///< bytes: the type's size times the array's count
    bool array = false;          ///< `name[count]`
};

/// A PTX `.entry` as `find_ptx_entry` reads it, its text viewing the PTX.
struct ptx_entry {
    std::array<ptx_parameter, limits::kernel_parameters + 1> parameters{};
    /// The parameters read; limits::kernel_parameters + 1 means "more than accy takes" (the rest are not read).
    std::size_t count = 0;
    std::string_view body;              ///< the text between the entry's braces
    bool waits_on_predecessor = false;  ///< it executes `griddepcontrol.wait` (see find_ptx_entry)
};

/// The bytes of a PTX parameter type given without its dot (b8 to b64, u8 to u64, s8 to s64, f16 to
/// f64, bf16), or 0.
constexpr std::size_t ptx_type_size(std::string_view type) noexcept {
    if (type == "bf16") return 2;
    if (type.empty() || (type[0] != 'b' && type[0] != 'u' && type[0] != 's' && type[0] != 'f')) return 0;
    const std::string_view bits = type.substr(1);
    if (bits == "8") return type[0] == 'f' ? 0 : 1;
    return bits == "16" ? 2 : bits == "32" ? 4 : bits == "64" ? 8 : 0;
}

/// A decimal count or alignment from 1 to 2^24, or 0 where `word` is not one. (Not an optional: g++ 13
/// with -O2 and AddressSanitizer warns that an inlined optional's value may be used uninitialized.)
constexpr std::size_t ptx_number(std::string_view word) noexcept {
    if (word.empty() || word.size() > 8 || word[0] == '0') return 0;
    std::size_t value = 0;
    for (const char c : word) {
        if (c < '0' || c > '9') return 0;
        value = value * 10 + static_cast<std::size_t>(c - '0');
    }
    return value <= (std::size_t{1} << 24) ? value : 0;
}

/// Reads one parameter after its `.param`: `.u32 n`, `.u64 .ptr .global .align 1 x`, `.align 64 .b8 map[128]`.
/// `token` is left at the token after it. False when the syntax is not one of those.
inline bool parse_ptx_parameter(ptx_lexer& lexer, std::string_view& token, ptx_parameter& read) noexcept {
    read = {};
    std::size_t alignment = 0, type_size = 0;
    for (token = lexer.next(); !token.empty() && token[0] == '.'; token = lexer.next()) {
        if (token == ".align") {
            const std::size_t value = ptx_number(token = lexer.next());
            if (value == 0 || (value & (value - 1)) != 0) return false;  // a power of two
            alignment = value;
        } else if (token == ".ptr") {
            read.pointer = true;
        } else if (token == ".global" || token == ".const" || token == ".local" || token == ".shared") {
            // the state space a `.ptr` points to: nothing the launch depends on
        } else if (type_size == 0 && ptx_type_size(token.substr(1)) != 0) {
            read.type = token.substr(1);
            type_size = ptx_type_size(read.type);
        } else {
            return false;
        }
    }
    const bool name_starts = !token.empty() && ptx_lexer::is_word(token[0]) && !(token[0] >= '0' && token[0] <= '9');
    if (type_size == 0 || !name_starts || token.find('.') != std::string_view::npos) return false;
    read.name = token;
    std::size_t count = 1;
    if ((token = lexer.next()) == "[") {
        count = ptx_number(lexer.next());
        if (count == 0 || lexer.next() != "]") return false;
        read.array = true;
        token = lexer.next();
    }
    read.size = type_size * count;
    read.alignment = alignment != 0 ? alignment : type_size;
    return true;
}

/// Whether `text` has the word `word` outside comments and strings.
inline bool ptx_has_word(std::string_view text, std::string_view word) noexcept {
    ptx_lexer lexer(text);
    for (std::string_view token = lexer.next(); !token.empty(); token = lexer.next())
        if (token == word) return true;
    return false;
}

/// Finds `.entry <entry_name>` (exactly that name) in `ptx` and reads its parameter list and body;
/// none when there is no such entry or its text is malformed (an unterminated list or body, a
/// parameter of an unknown syntax or type). A declaration (`.entry name(...);`) is passed over.
///
/// `waits_on_predecessor` is conservative: true when the body executes `griddepcontrol.wait`, and
/// also when the body has a `call` and `griddepcontrol.wait` appears anywhere in the module, since
/// the wait may be in a called `.func` (which this parser does not follow).
inline std::optional<ptx_entry> find_ptx_entry(std::string_view ptx, std::string_view entry_name) noexcept {
    ptx_lexer lexer(ptx);
    std::string_view token = lexer.next();
    while (!token.empty()) {
        if (token != ".entry") {
            token = lexer.next();
            continue;
        }
        if ((token = lexer.next()) != entry_name || entry_name.empty()) continue;
        ptx_entry entry{};
        if ((token = lexer.next()) == "(") {
            for (bool more = (token = lexer.next()) != ")"; more;) {
                if (entry.count == entry.parameters.size()) {  // more than accy takes: skip to the list's end
                    while (!token.empty() && token != ")") token = lexer.next();
                    break;
                }
                if (token != ".param" || !parse_ptx_parameter(lexer, token, entry.parameters[entry.count++]))
                    return std::nullopt;
                if ((more = token == ",")) token = lexer.next();
            }
            if (token != ")") return std::nullopt;
            token = lexer.next();
        }
        // Performance directives (.reqntid 128, .maxntid 128, 1, 1, .pragma "nounroll";) up to the body.
        while (!token.empty() && token != "{" && token != ";") {
            if (!ptx_lexer::is_word(token[0]) && token != "," && token[0] != '"') return std::nullopt;
            if (token == ".pragma")
                while (!token.empty() && token != ";") token = lexer.next();
            if (!token.empty()) token = lexer.next();
        }
        if (token.empty()) return std::nullopt;
        if (token == ";") {  // a declaration: the definition may follow
            token = lexer.next();
            continue;
        }
        const std::size_t open = lexer.position();
        for (std::size_t depth = 1; depth != 0;) {
            if ((token = lexer.next()).empty()) return std::nullopt;
            if (token == "{") ++depth;
            else if (token == "}") --depth;
        }
        entry.body = ptx.substr(open, lexer.position() - 1 - open);
        bool calls = false;
        ptx_lexer body(entry.body);
        for (token = body.next(); !token.empty() && !entry.waits_on_predecessor; token = body.next()) {
            entry.waits_on_predecessor = token == "griddepcontrol.wait";
            calls = calls || token == "call" || token.starts_with("call.");
        }
        if (!entry.waits_on_predecessor && calls) entry.waits_on_predecessor = ptx_has_word(ptx, "griddepcontrol.wait");
        return entry;
    }
    return std::nullopt;
}

/// Whether a PTX parameter can take what `declared` describes: a buffer is an 8-byte `.u`, `.s` or
/// `.b` (a pointer); a float scalar an `.f`, `.bf16` or `.b` of its size (f16 and bf16 have the same
/// 16 bits on the way in); an integer scalar a `.u`, `.s` or `.b` of its size (signedness aside:
/// nvcc emits `.u32` for `int`, `.u8` for `bool` and `char`); bytes any parameter of their size.
/// Only bytes may be an array, and a float scalar of 1 or 2 bytes a `.b8` array of its size: nvcc
/// passes `__half`, `__nv_bfloat16` and `__nv_fp8_e4m3`, structs, as `.align 2 .b8 alpha[2]`.
inline bool ptx_parameter_matches(const ptx_parameter& found, const parameter& declared) noexcept {
    const char kind = found.type.empty() ? '\0' : found.type[0];
    const bool floating = kind == 'f' || found.type == "bf16";
    const bool integer = !floating && (kind == 'u' || kind == 's' || kind == 'b');
    switch (declared.what) {
    case parameter::kind::buffer: return !found.array && integer && found.size == 8;
    case parameter::kind::scalar:
        if (found.size != size_of(declared.type)) return false;
        if (!is_floating(declared.type)) return !found.array && integer;
        if (found.array) return found.type == "b8" && found.size < 4;
        return floating || kind == 'b';
    case parameter::kind::bytes: return found.size == declared.size;
    case parameter::kind::tensor_map: return found.size == declared.size && found.alignment == declared.alignment;
    }
    return false;
}

/// Appends ".u64 .ptr", ".f32", ".b8[128]": a PTX parameter's type, for messages.
inline void append_ptx_parameter(std::string& text, const ptx_parameter& found) {
    accy::detail::append(text, {'.', found.type, found.pointer ? " .ptr" : ""});
    if (found.array && ptx_type_size(found.type) != 0)
        accy::detail::append(text, {'[', found.size / ptx_type_size(found.type), ']'});
}

/// Appends "buffer", "scalar f32", "bytes (128, aligned to 64)": a declared parameter, for messages.
inline void append_declared_parameter(std::string& text, const parameter& declared) {
    accy::detail::append(text, {declared.what});
    if (declared.what == parameter::kind::scalar) accy::detail::append(text, {' ', declared.type});
    if (declared.what == parameter::kind::bytes)
        accy::detail::append(text, {" (", declared.size, ", aligned to ", declared.alignment, ')'});
    if (declared.what == parameter::kind::tensor_map)
        accy::detail::append(text, {" (", *declared.element, ", rank ", declared.rank, ", aligned to ", declared.alignment,
                              ')'});
}

/// Empty when the PTX entry's parameters can take what `declared` describes, parameter by
/// parameter (ptx_parameter_matches); else one message naming the entry and either both counts or
/// the first parameter that differs, its index, its declared name and both types:
///
///     kernel 'scale': PTX parameter 2 is .u32, its entry declares parameter 2 'alpha' as scalar f32
inline std::string compare_ptx_parameters(const ptx_entry& found, const parameter_list& declared,
                                          std::string_view entry_name) {
    if (found.count != declared.size())
        return accy::detail::message({"kernel '", entry_name, "': ",
                                      found.count > limits::kernel_parameters ? "its PTX takes more than " : "its PTX takes ",
                                      found.count > limits::kernel_parameters ? limits::kernel_parameters : found.count,
                                      " parameters, its entry declares ", declared.size()});
    for (std::size_t i = 0; i < declared.size(); ++i) {
        if (ptx_parameter_matches(found.parameters[i], declared[i])) continue;
        std::string text = accy::detail::message({"kernel '", entry_name, "': PTX parameter ", i, " is "});
        append_ptx_parameter(text, found.parameters[i]);
        if (declared[i].what == parameter::kind::tensor_map)
            accy::detail::append(text, {" aligned to ", found.parameters[i].alignment});
        accy::detail::append(text, {", its entry declares parameter ", i, " '", declared[i].name, "' as "});
        append_declared_parameter(text, declared[i]);
        return text;
    }
    return {};
}

}  // namespace accy::cuda::detail
