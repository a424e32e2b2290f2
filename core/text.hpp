#pragma once
// Text as people count it. Limits on names and free text are in characters (Unicode code points), not in
// the bytes UTF-8 happens to use; input that is not UTF-8, or JSON that escapes half of a UTF-16 pair, is
// refused with a message that says so. JSON that escapes half of a UTF-16 pair ("\ud800", which JSON.parse
// and so every link accepts) reads as U+FFFD, the replacement character, as a browser shows it: one rule for
// files, links, sets and lessons.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace attnlab {

// Length of the strict UTF-8 character at byte i (RFC 3629: no overlong forms, no surrogates, nothing past
// U+10FFFF), or 0 when the bytes there are not one.
std::size_t utf8_char_length(std::string_view s, std::size_t i);

// Code points in valid UTF-8 (bytes that do not start a character are not counted).
std::size_t count_chars(std::string_view utf8);

// Byte offset of the first byte that is not part of strict UTF-8 (RFC 3629), or nothing when all is UTF-8.
std::optional<std::size_t> first_invalid_utf8(std::string_view bytes);

// A "\uD800"-style escape of a surrogate with no partner, as written in the JSON text (e.g. "\ud800"), or nothing.
std::optional<std::string> lone_surrogate_escape(std::string_view json_text);

// The JSON text with every lone surrogate escape written as "\ufffd" (same length), or nothing when it has none.
std::optional<std::string> lone_surrogates_replaced(std::string_view json_text);

// The one check every reader of JSON text runs first: "" when fine, else why not ("is not UTF-8 text …").
std::string text_problem(std::string_view json_text);

}  // namespace attnlab
