#pragma once
// Text codecs for links (core/fragment.cpp), each answering exactly as the browser's own: UTF-16 lengths as
// JavaScript counts them, strict UTF-8 as TextDecoder {fatal: true} reads it, percent-decoding as
// decodeURIComponent, base64url as the page writes it.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace attnlab::link {

// What JavaScript's .length counts: UTF-16 units (two for a code point past U+FFFF).
std::size_t utf16_length(std::string_view s);
// Strict UTF-8 (RFC 3629), as TextDecoder with {fatal: true} and decodeURIComponent want it: no overlong
// forms, no surrogates, nothing past U+10FFFF. The length of the character at i, or 0 when it is not one.
std::size_t utf8_char(std::string_view s, std::size_t i);
bool valid_utf8(std::string_view s);
// Messages quote the input, possibly cut inside a character: those bytes become U+FFFD.
std::string utf8_repaired(std::string_view s);
std::string with_commas(std::size_t n);
int hex_value(char c);
// "%XX" → byte, like decodeURIComponent (whose UTF-8 check is valid_utf8, run afterwards). False for a '%'
// without two hex digits.
bool percent_decode(std::string_view text, std::string& out);
// base64url without padding. Leftover bits of the last character are ignored, as atob ignores them.
std::optional<std::string> base64url_decode(std::string_view text, std::string& error);
// The inverse, without padding (the CLI hands a set to `grade` this way, as bin/attnlab.mjs does).
std::string base64url_encode(std::string_view bytes);

}  // namespace attnlab::link
