#pragma once
// The JSON reader for links (core/fragment.cpp): a payload's text checked by nlohmann's parser without building it
// (no recursion: 100 000 nested brackets are just text), and read as JavaScript's JSON.parse reads it — the last of
// repeated keys, escaped keys, values cut from the text as they are.
#include <array>
#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "link_text.hpp"

namespace attnlab::link {

using nlohmann::json;

bool is_space(char c);
bool is_digit(char c);
std::size_t skip_space(std::string_view s, std::size_t i);
// From an opening quote to just past the closing one (or the end of the text).
std::size_t skip_string(std::string_view s, std::size_t i);
bool json_number_syntax(std::string_view t);
bool read_hex4(std::string_view s, std::size_t at, unsigned& out);
// JSON.parse takes two things nlohmann refuses: escaped unpaired surrogates ("\ud800") and numbers past the
// double range (1e309 is Infinity). For links to read as they read in JavaScript, nlohmann checks a copy of
// the same length where those become "\ufffd" and "-1" (which fails every number check below, as ±Infinity
// does); what is handed on is cut from the original. Returns false when nothing needed changing.
bool nlohmann_compatible_copy(std::string_view text, std::string& copy);

// nlohmann's syntax check without building anything, keeping its message (the wasm build has no exceptions).
// Its parser keeps its own stack instead of recursing, as the lesson reader relies on, so 100 000 nested
// brackets are just text.
struct SyntaxCheck : nlohmann::detail::json_sax_acceptor<json> {
  std::string error;
  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& ex) {
    error = ex.what();
    if (auto at = error.find("] "); at != std::string::npos) error.erase(0, at + 2);  // "[json.exception.…] "
    // "last read: '…'" can quote megabytes of a broken string: keep a readable head.
    if (error.size() > 200) error = error.substr(0, 200) + "…";
    error = utf8_repaired(error);
    return false;
  }
};

// A payload's JSON text, checked, with the values of the top-level keys a reader wants. `text` is what
// JavaScript saw; `checked` the same-length copy nlohmann accepts (the same as text unless it had to change).
class Payload {
 public:
  // Empty string when the text is JSON; nlohmann's message otherwise.
  std::string parse(std::string_view text) {
    text_ = text;
    checked_ = nlohmann_compatible_copy(text, copy_) ? std::string_view(copy_) : text;
    SyntaxCheck check;
    if (!json::sax_parse(checked_.begin(), checked_.end(), &check) && check.error.empty())
      check.error = "it is not JSON";
    return check.error;
  }

  bool is_object() const {
    const std::size_t at = skip_space(text_, 0);
    return at < text_.size() && text_[at] == '{';
  }

  // The last value of each of `keys` in the top-level object (JSON.parse keeps the last); empty when absent.
  template <std::size_t N>
  std::array<std::string_view, N> members(const std::array<std::string_view, N>& keys) const {
    std::array<std::string_view, N> values{};
    std::size_t i = skip_space(checked_, 0) + 1;  // past '{'
    for (;;) {
      i = skip_space(checked_, i);
      if (i >= checked_.size() || checked_[i] != '"') break;  // '}'
      const std::size_t key_end = skip_string(checked_, i);
      const std::string_view raw_key = checked_.substr(i, key_end - i);
      i = skip_space(checked_, key_end) + 1;  // past ':'
      i = skip_space(checked_, i);
      const std::size_t value_end = skip_value(i);
      // Keys are matched as JSON.parse reads them: "\u006c" is "l". Escapes take at most 6 bytes a character.
      std::optional<std::string> key;
      if (raw_key.find('\\') == std::string_view::npos) key = std::string(raw_key.substr(1, raw_key.size() - 2));
      else if (const json j = raw_key.size() <= 64 ? json::parse(raw_key, nullptr, false) : json(); j.is_string())
        key = j.get<std::string>();
      if (key)
        for (std::size_t k = 0; k < N; ++k)
          if (*key == keys[k]) values[k] = text_.substr(i, value_end - i);
      i = skip_space(checked_, value_end);
      if (i < checked_.size() && checked_[i] == ',') ++i;
      else break;
    }
    return values;
  }

  // An array's elements as text, or nothing when `value` is not an array of at most `max` elements.
  std::optional<std::vector<std::string_view>> elements(std::string_view value, std::size_t max) const {
    if (value.empty() || value[0] != '[') return std::nullopt;
    std::vector<std::string_view> out;
    std::size_t i = skip_space(value, 1);
    while (i < value.size() && value[i] != ']') {
      if (out.size() == max) return std::nullopt;
      const std::size_t end = skip_value_in(value, i);
      out.push_back(value.substr(i, end - i));
      i = skip_space(value, end);
      if (i < value.size() && value[i] == ',') i = skip_space(value, i + 1);
    }
    return out;
  }

  // A value (as cut from text) parsed by nlohmann from the checked copy: small values only.
  json value_of(std::string_view value) const {
    const std::size_t at = static_cast<std::size_t>(value.data() - text_.data());
    return json::parse(checked_.substr(at, value.size()), nullptr, false);
  }

 private:
  std::size_t skip_value(std::size_t i) const { return skip_value_in(checked_, i); }

  // In valid JSON: from the start of a value to just past it, without recursion.
  static std::size_t skip_value_in(std::string_view s, std::size_t i) {
    if (i >= s.size()) return i;
    if (s[i] == '"') return skip_string(s, i);
    if (s[i] != '{' && s[i] != '[') {
      while (i < s.size() && !is_space(s[i]) && s[i] != ',' && s[i] != '}' && s[i] != ']') ++i;
      return i;
    }
    std::size_t depth = 0;
    while (i < s.size()) {
      const char c = s[i];
      if (c == '"') {
        i = skip_string(s, i);
        continue;
      }
      ++i;
      if (c == '{' || c == '[') ++depth;
      else if ((c == '}' || c == ']') && --depth == 0) break;
    }
    return i;
  }

  std::string_view text_, checked_;
  std::string copy_;
};

}  // namespace attnlab::link
