#include "link_json.hpp"

namespace attnlab::link {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::size_t skip_space(std::string_view s, std::size_t i) {
  while (i < s.size() && is_space(s[i])) ++i;
  return i;
}

// From an opening quote to just past the closing one (or the end of the text).
std::size_t skip_string(std::string_view s, std::size_t i) {
  for (++i; i < s.size(); ++i) {
    if (s[i] == '\\') ++i;
    else if (s[i] == '"') return i + 1;
  }
  return s.size();
}

bool json_number_syntax(std::string_view t) {
  std::size_t i = 0;
  if (i < t.size() && t[i] == '-') ++i;
  if (i == t.size()) return false;
  if (t[i] == '0') ++i;
  else if (is_digit(t[i]))
    while (i < t.size() && is_digit(t[i])) ++i;
  else return false;
  if (i < t.size() && t[i] == '.') {
    const std::size_t start = ++i;
    while (i < t.size() && is_digit(t[i])) ++i;
    if (i == start) return false;
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    const std::size_t start = i;
    while (i < t.size() && is_digit(t[i])) ++i;
    if (i == start) return false;
  }
  return i == t.size();
}

bool read_hex4(std::string_view s, std::size_t at, unsigned& out) {
  if (at > s.size() || s.size() - at < 4) return false;
  out = 0;
  for (std::size_t k = 0; k < 4; ++k) {
    const int v = hex_value(s[at + k]);
    if (v < 0) return false;
    out = out * 16 + static_cast<unsigned>(v);
  }
  return true;
}

// JSON.parse takes two things nlohmann refuses: escaped unpaired surrogates ("\ud800") and numbers past the
// double range (1e309 is Infinity). For links to read as they read in JavaScript, nlohmann checks a copy of
// the same length where those become "\ufffd" and "-1" (which fails every number check below, as ±Infinity
// does); what is handed on is cut from the original. Returns false when nothing needed changing.
bool nlohmann_compatible_copy(std::string_view text, std::string& copy) {
  bool changed = false;
  auto edit = [&](std::size_t at, std::string_view with, std::size_t length) {
    if (!changed) copy.assign(text.data(), text.size()), changed = true;
    copy.replace(at, length, std::string(with) + std::string(length - with.size(), ' '));
  };
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"') {
      for (++i; i < text.size() && text[i] != '"';) {
        if (text[i] != '\\') {
          ++i;
          continue;
        }
        unsigned unit, low;
        if (i + 1 < text.size() && text[i + 1] == 'u' && read_hex4(text, i + 2, unit)) {
          if (unit >= 0xd800 && unit <= 0xdbff && i + 7 < text.size() && text[i + 6] == '\\' && text[i + 7] == 'u' &&
              read_hex4(text, i + 8, low) && low >= 0xdc00 && low <= 0xdfff) {
            i += 12;  // a proper pair
            continue;
          }
          if (unit >= 0xd800 && unit <= 0xdfff) edit(i, "\\ufffd", 6);
          i += 6;
        } else {
          i += 2;
        }
      }
      ++i;
    } else if (c == '-' || is_digit(c)) {
      std::size_t end = i;
      while (end < text.size() &&
             (is_digit(text[end]) || std::string_view("+-.eE").find(text[end]) != std::string_view::npos))
        ++end;
      const std::string_view number = text.substr(i, end - i);
      // Only an exponent or some 300 digits can pass 1.8e308; strtod rounds as JavaScript does.
      if ((number.find_first_of("eE") != std::string_view::npos || number.size() > 300) && json_number_syntax(number) &&
          std::isinf(std::strtod(std::string(number).c_str(), nullptr)))
        edit(i, "-1", number.size());
      i = end;
    } else {
      ++i;
    }
  }
  return changed;
}

}  // namespace attnlab::link
