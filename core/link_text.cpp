#include "link_text.hpp"

#include "text.hpp"

namespace attnlab::link {

// What JavaScript's .length counts: UTF-16 units (two for a code point past U+FFFF).
std::size_t utf16_length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xc0) != 0x80 ? (c >= 0xf0 ? 2 : 1) : 0;
  return n;
}

// Strict UTF-8, as TextDecoder with {fatal: true} and decodeURIComponent want it (core/text.hpp).
std::size_t utf8_char(std::string_view s, std::size_t i) { return utf8_char_length(s, i); }

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0, n; i < s.size(); i += n)
    if ((n = utf8_char(s, i)) == 0) return false;
  return true;
}

// Messages quote the input, possibly cut inside a character: those bytes become U+FFFD.
std::string utf8_repaired(std::string_view s) {
  std::string out;
  for (std::size_t i = 0, n; i < s.size(); i += n) {
    n = utf8_char(s, i);
    if (n == 0) out += "\xef\xbf\xbd", n = 1;
    else out.append(s.substr(i, n));
  }
  return out;
}

std::string with_commas(std::size_t n) {  // (1500000).toLocaleString('en')
  std::string digits = std::to_string(n), out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// "%XX" → byte, like decodeURIComponent (whose UTF-8 check is valid_utf8, run afterwards). False for a '%'
// without two hex digits.
bool percent_decode(std::string_view text, std::string& out) {
  out.clear();
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    if (text.size() - i < 3) return false;
    const int a = hex_value(text[i + 1]), b = hex_value(text[i + 2]);
    if (a < 0 || b < 0) return false;
    out += static_cast<char>(a * 16 + b);
    i += 2;
  }
  return true;
}

// base64url without padding. Leftover bits of the last character are ignored, as atob ignores them.
std::string base64url_encode(std::string_view bytes) {
  static const char* abc = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  unsigned acc = 0;
  int bits = 0;
  for (unsigned char c : bytes) {
    acc = (acc << 8) | c;
    bits += 8;
    while (bits >= 6) out += abc[(acc >> (bits -= 6)) & 63u];
  }
  if (bits > 0) out += abc[(acc << (6 - bits)) & 63u];
  return out;
}

std::optional<std::string> base64url_decode(std::string_view text, std::string& error) {
  auto value = [](char c) {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '-') return 62;
    if (c == '_') return 63;
    return -1;
  };
  for (char c : text)
    if (value(c) < 0) {
      error = "it contains characters that base64url does not use";
      return std::nullopt;
    }
  if (text.size() % 4 == 1) {  // 6 bits cannot end a byte: no encoder writes this
    error = "its base64url text has a stray last character";
    return std::nullopt;
  }
  std::string out;
  out.reserve(text.size() / 4 * 3 + 2);
  std::uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    buffer = (buffer << 6) | static_cast<std::uint32_t>(value(c));
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> bits) & 0xff);
    }
  }
  return out;
}

}  // namespace attnlab::link
