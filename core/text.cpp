#include "text.hpp"

namespace attnlab {

// Length of the strict UTF-8 character at i (no overlong forms, no surrogates, nothing past U+10FFFF), or 0.
std::size_t utf8_char_length(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return 1;
  std::size_t more;
  unsigned lo = 0x80, hi = 0xbf;
  if (c >= 0xc2 && c <= 0xdf) more = 1;
  else if (c >= 0xe0 && c <= 0xef) more = 2, lo = c == 0xe0 ? 0xa0 : 0x80, hi = c == 0xed ? 0x9f : 0xbf;
  else if (c >= 0xf0 && c <= 0xf4) more = 3, lo = c == 0xf0 ? 0x90 : 0x80, hi = c == 0xf4 ? 0x8f : 0xbf;
  else return 0;
  if (s.size() - i <= more) return 0;
  for (std::size_t k = 1; k <= more; ++k) {
    const auto b = static_cast<unsigned char>(s[i + k]);
    if (k == 1 ? (b < lo || b > hi) : (b & 0xc0) != 0x80) return 0;
  }
  return 1 + more;
}

namespace {

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The code unit of "\uXXXX" at i (i at the backslash), or -1.
long unit_at(std::string_view s, std::size_t i) {
  if (i + 6 > s.size() || s[i] != '\\' || s[i + 1] != 'u') return -1;
  long v = 0;
  for (std::size_t k = 2; k < 6; ++k) {
    const int h = hex(s[i + k]);
    if (h < 0) return -1;
    v = v * 16 + h;
  }
  return v;
}

}  // namespace

std::size_t count_chars(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xc0) != 0x80;
  return n;
}

std::optional<std::size_t> first_invalid_utf8(std::string_view s) {
  for (std::size_t i = 0, n; i < s.size(); i += n)
    if ((n = utf8_char_length(s, i)) == 0) return i;
  return std::nullopt;
}

namespace {
// Calls at(i) for the offset of each lone surrogate escape; stops when it returns false.
template <class F>
void each_lone_surrogate(std::string_view s, F at) {
  bool in_string = false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (!in_string) {
      in_string = c == '"';
      continue;
    }
    if (c == '"') {
      in_string = false;
    } else if (c == '\\') {
      const long u = unit_at(s, i);
      if (u < 0) {
        ++i;  // \" \\ \n …: skip the escaped character
        continue;
      }
      if (u >= 0xd800 && u <= 0xdbff) {
        const long low = unit_at(s, i + 6);
        if (low >= 0xdc00 && low <= 0xdfff) {
          i += 11;  // a proper pair
          continue;
        }
      }
      if (u >= 0xd800 && u <= 0xdfff && !at(i)) return;
      i += 5;
    }
  }
}
}  // namespace

std::optional<std::string> lone_surrogate_escape(std::string_view s) {
  std::optional<std::string> found;
  each_lone_surrogate(s, [&](std::size_t i) { return found = std::string(s.substr(i, 6)), false; });
  return found;
}

std::optional<std::string> lone_surrogates_replaced(std::string_view s) {
  std::optional<std::string> out;
  each_lone_surrogate(s, [&](std::size_t i) {
    if (!out) out.emplace(s);
    out->replace(i, 6, "\\ufffd");
    return true;
  });
  return out;
}

std::string text_problem(std::string_view text) {
  if (const auto at = first_invalid_utf8(text))
    return "is not UTF-8 text (byte " + std::to_string(*at) + " is not part of a UTF-8 character): save it as UTF-8";
  return "";
}

}  // namespace attnlab
