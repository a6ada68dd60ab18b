// SPDX-License-Identifier: Apache-2.0
// Defines `accy::cuda::detail::ptx_lexer`, which splits PTX text into the tokens the PTX entry reader reads.
#pragma once

#include <cstddef>
#include <string_view>

namespace accy::cuda::detail {

/// PTX split into tokens: a word (letters, digits and `_ $ % .`), a string or one other character.
/// Comments (`//` to the end of the line, `/* */`) and whitespace are skipped; an unterminated one ends the text.
class ptx_lexer {
public:
    explicit ptx_lexer(std::string_view text) noexcept : text_(text) {}

    /// The next token, or an empty view at the end of the text.
    std::string_view next() noexcept {
        for (;;) {
            while (at_ < text_.size() && is_space(text_[at_])) ++at_;
            const std::string_view rest = text_.substr(at_);
            std::size_t end = std::string_view::npos;
            if (rest.starts_with("//")) end = rest.find('\n');
            else if (rest.starts_with("/*")) end = rest.find("*/", 2);
            else break;
            at_ = end == std::string_view::npos ? text_.size() : at_ + end + (rest[1] == '*' ? 2 : 0);
        }
        const std::size_t start = at_;
        if (at_ == text_.size()) return {};
        if (is_word(text_[at_])) {
            while (at_ < text_.size() && is_word(text_[at_])) ++at_;
        } else if (text_[at_++] == '"') {
            while (at_ < text_.size() && text_[at_] != '"') at_ += text_[at_] == '\\' && at_ + 1 < text_.size() ? 2 : 1;
            if (at_ < text_.size()) ++at_;
        }
        return text_.substr(start, at_ - start);
    }

    /// Where the next token's search starts: just past the last token returned.
    std::size_t position() const noexcept { return at_; }

    static constexpr bool is_word(char c) noexcept {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
               c == '%' || c == '.';
    }

private:
    static constexpr bool is_space(char c) noexcept { return c == ' ' || (c >= '\t' && c <= '\r'); }

    std::string_view text_;
    std::size_t at_ = 0;
};

}  // namespace accy::cuda::detail
