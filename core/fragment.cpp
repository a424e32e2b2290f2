#include "fragment.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "inflate.hpp"
#include "text.hpp"

namespace attnlab {
namespace {

using nlohmann::json;

constexpr std::array<std::string_view, 6> step_ids{"embed", "project", "score", "scale", "softmax", "sum"};
constexpr std::array<std::string_view, 10> lockable{"X", "W_Q", "W_K", "W_V", "W_O", "sentence", "seed", "sizes", "scale", "mask"};
constexpr std::array<std::string_view, 15> selectable{"X",      "W_Q",    "W_K",     "W_V", "W_O",    "Q",      "K",   "V",
                                                      "scores", "scaled", "weights", "Z",   "concat", "output", "mask"};

template <std::size_t N>
bool one_of(const std::array<std::string_view, N>& list, std::string_view s) {
  return std::find(list.begin(), list.end(), s) != list.end();
}

DecodedFragment problem(std::string message) {
  DecodedFragment d;
  d.kind = DecodedFragment::Kind::problem;
  d.message = std::move(message);
  return d;
}

// ---- text ----------------------------------------------------------------------------------------------------

// What JavaScript's .length counts: UTF-16 units (two for a code point past U+FFFF).
std::size_t utf16_length(std::string_view s) {
  std::size_t n = 0;
  for (unsigned char c : s) n += (c & 0xc0) != 0x80 ? (c >= 0xf0 ? 2 : 1) : 0;
  return n;
}

// Strict UTF-8 (RFC 3629), as TextDecoder with {fatal: true} and decodeURIComponent want it: no overlong
// forms, no surrogates, nothing past U+10FFFF. The length of the character at i, or 0 when it is not one.
std::size_t utf8_char(std::string_view s, std::size_t i) {
  const auto c = static_cast<unsigned char>(s[i]);
  if (c < 0x80) return 1;
  std::size_t more;
  unsigned lo = 0x80, hi = 0xbf;  // the allowed range of the second byte
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

// ---- JSON ----------------------------------------------------------------------------------------------------

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
  else if (is_digit(t[i])) while (i < t.size() && is_digit(t[i])) ++i;
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
      while (end < text.size() && (is_digit(text[end]) || std::string_view("+-.eE").find(text[end]) != std::string_view::npos)) ++end;
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
    if (!json::sax_parse(checked_.begin(), checked_.end(), &check) && check.error.empty()) check.error = "it is not JSON";
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

// Number.isInteger(x) && lo <= x <= hi for a value of the payload.
std::optional<long long> whole(const Payload& payload, std::string_view value, double lo, double hi) {
  if (value.empty() || !(value[0] == '-' || is_digit(value[0]))) return std::nullopt;  // not a number: no need to parse
  const json j = payload.value_of(value);
  if (!j.is_number()) return std::nullopt;
  const double x = j.get<double>();
  if (!std::isfinite(x) || x != std::floor(x) || x < lo || x > hi) return std::nullopt;
  return static_cast<long long>(x);
}

std::string json_string(std::string_view s) { return json(std::string(s)).dump(); }

// The state_json of DecodedFragment from the pieces; text pieces are JSON already.
struct State {
  std::string_view lesson, preset, note;  // JSON text; empty = null / null / ""
  std::optional<std::string> step;
  std::optional<std::array<std::string, 4>> selection;  // matrix (JSON text), head, row, col
  std::optional<long long> reveal;
  std::vector<std::string_view> hidden, locked;

  DecodedFragment to_fragment(int version) const {
    auto list = [](const std::vector<std::string_view>& items) {
      std::string out = "[";
      for (const auto& s : items) out += (out.size() > 1 ? "," : "") + json_string(s);
      return out + "]";
    };
    DecodedFragment d;
    d.kind = DecodedFragment::Kind::state;
    d.version = version;
    std::string& o = d.state_json;
    o.reserve(lesson.size() + preset.size() + note.size() + 200);
    o += "{\"lesson\":";
    o += lesson;
    o += ",\"preset\":";
    o += preset.empty() ? "null" : preset;
    o += ",\"step\":" + (step ? json_string(*step) : "null");
    o += ",\"selection\":";
    o += selection ? "{\"matrix\":" + (*selection)[0] + ",\"head\":" + (*selection)[1] + ",\"row\":" + (*selection)[2] +
                         ",\"col\":" + (*selection)[3] + "}"
                   : "null";
    o += ",\"reveal\":" + (reveal ? std::to_string(*reveal) : "null");
    o += ",\"hidden\":" + list(hidden) + ",\"locked\":" + list(locked) + ",\"note\":";
    o += note.empty() ? "\"\"" : note;
    o += "}";
    return d;
  }
};

// A string value and its length in UTF-16 units, or nothing when the value is not a string.
std::optional<std::pair<std::string, std::size_t>> text_of(const Payload& payload, std::string_view value) {
  if (value.empty() || value[0] != '"') return std::nullopt;
  const json j = payload.value_of(value);
  if (!j.is_string()) return std::nullopt;
  std::string s = j.get<std::string>();
  const std::size_t n = utf16_length(s);
  return std::make_pair(std::move(s), n);
}

// readPayload of web/share.js: the view fields, checked in its order, with its messages.
DecodedFragment read_payload(const Payload& payload, int version) {
  if (!payload.is_object()) return problem("it does not hold a state object");
  static constexpr std::array<std::string_view, 8> keys{"l", "p", "s", "sel", "r", "hide", "lock", "note"};
  const auto [l, p, s, sel, r, hide, lock, note] = payload.members(keys);
  State state;
  if (l.empty() || l[0] != '{') return problem("it does not contain a lesson");
  state.lesson = l;
  if (!p.empty()) {
    const auto t = text_of(payload, p);
    if (!t || t->second > max_preset_chars) return problem("the preset name is not text");
    state.preset = p;
  }
  if (!s.empty()) {
    const auto t = text_of(payload, s);
    if (!t || !one_of(step_ids, t->first)) return problem("the step is not one of the six steps");
    state.step = t->first;
  }
  if (!sel.empty()) {
    const auto items = payload.elements(sel, 4);
    std::optional<std::pair<std::string, std::size_t>> matrix;
    std::optional<long long> head, row, col;
    if (items && items->size() == 4) {
      matrix = text_of(payload, (*items)[0]);
      head = whole(payload, (*items)[1], 0, 63);
      row = whole(payload, (*items)[2], 0, 1 << 20);
      col = whole(payload, (*items)[3], 0, 1 << 20);
    }
    if (!matrix || !one_of(selectable, matrix->first) || !head || !row || !col)
      return problem("the selected cell is malformed");
    state.selection = std::array<std::string, 4>{json_string(matrix->first), std::to_string(*head), std::to_string(*row),
                                                 std::to_string(*col)};
  }
  if (!r.empty()) {
    state.reveal = whole(payload, r, 1, 512);
    if (!state.reveal) return problem("the decoding step is not a whole number from 1 to 512");
  }
  // hide / lock: at most one of each allowed name, repeats dropped ([...new Set()]).
  auto read_list = [&](std::string_view value, const auto& allowed, std::vector<std::string_view>& out) {
    const auto items = payload.elements(value, allowed.size());
    if (!items) return false;
    for (const auto& item : *items) {
      const auto t = text_of(payload, item);
      const auto hit = t ? std::find(allowed.begin(), allowed.end(), t->first) : allowed.end();
      if (hit == allowed.end()) return false;
      if (std::find(out.begin(), out.end(), *hit) == out.end()) out.push_back(*hit);
    }
    return true;
  };
  if (!hide.empty() && !read_list(hide, step_ids, state.hidden)) return problem("the list of hidden steps is malformed");
  if (!lock.empty() && !read_list(lock, lockable, state.locked)) return problem("the list of locked inputs is malformed");
  if (!note.empty()) {
    const auto t = text_of(payload, note);
    if (!t) return problem("the note is not text");
    if (count_chars(t->first) > max_note_chars) return problem("the note is longer than " + std::to_string(max_note_chars) + " characters");
    state.note = note;
  }
  return state.to_fragment(version);
}

DecodedFragment decode_v1(std::string_view text) {
  // decodeHash of web/state.js: any failure to read is one message.
  const auto unreadable = [] { return problem("the link could not be read"); };
  std::string decoded;
  if (!percent_decode(text, decoded) || !valid_utf8(decoded)) return unreadable();
  if (decoded.compare(0, 3, "\xef\xbb\xbf") == 0) return unreadable();  // JSON.parse refuses a BOM; nlohmann skips it
  Payload payload;
  if (!payload.parse(decoded).empty()) return unreadable();
  if (!payload.is_object()) return problem("the link does not contain a lesson");
  static constexpr std::array<std::string_view, 2> keys{"lesson", "preset"};
  const auto [lesson, preset] = payload.members(keys);
  if (lesson.empty() || lesson[0] != '{') return problem("the link does not contain a lesson");
  State state;
  state.lesson = lesson;
  // A preset that is not text is dropped; an empty one is no preset.
  if (const auto t = text_of(payload, preset); t && t->second > 0) {
    if (t->second > max_preset_chars) return problem("the preset name is not text");
    state.preset = preset;
  }
  return state.to_fragment(1);
}

bool is_step_anchor(std::string_view text) {  // "#step-score": the step navigator's links
  if (text.size() <= 5 || text.substr(0, 5) != "step-") return false;
  return std::all_of(text.begin() + 5, text.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace

DecodedFragment decode_v2_payload(std::string_view unpacked) {
  if (!valid_utf8(unpacked)) return problem("it is damaged: the unpacked data is not UTF-8 text");
  if (unpacked.compare(0, 3, "\xef\xbb\xbf") == 0) unpacked.remove_prefix(3);  // TextDecoder drops a BOM
  Payload payload;
  if (const std::string error = payload.parse(unpacked); !error.empty())
    return problem("it is damaged: the unpacked data is not JSON: " + error);
  return read_payload(payload, 2);
}

DecodedFragment decode_fragment(std::string_view fragment) {
  std::string_view text = fragment;
  if (!text.empty() && text[0] == '#') text.remove_prefix(1);
  if (text.empty() || is_step_anchor(text)) return DecodedFragment{};
  if (const std::size_t length = utf16_length(text); length > max_fragment_chars)
    return problem("it is " + with_commas(length) + " characters long, more than a link may be");

  // "v<digits>=…" names its format; anything else is the first format.
  std::size_t digits = 1;
  while (digits < text.size() && is_digit(text[digits])) ++digits;
  if (text[0] != 'v' || digits == 1 || digits == text.size() || text[digits] != '=') return decode_v1(text);
  const std::string_view version = text.substr(1, digits - 1);
  if (version != "2") return problem("it was made in format version " + std::string(version) + ", which this page does not know");

  std::string error;
  const auto packed = base64url_decode(text.substr(digits + 1), error);
  if (!packed) return problem("it is damaged: " + error);
  const Inflated unpacked = inflate_raw(*packed, max_unpacked_bytes);
  if (unpacked.error == InflateError::too_large)
    return problem("it is damaged: it unpacks to more than " + std::to_string(max_unpacked_bytes >> 20) + " MiB");
  if (unpacked.error != InflateError::none) return problem(std::string("it is damaged: ") + inflate_error_message(unpacked.error));
  return decode_v2_payload(unpacked.data);
}

}  // namespace attnlab
