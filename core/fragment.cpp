#include "fragment.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "inflate.hpp"
#include "link_json.hpp"
#include "link_text.hpp"
#include "steps.hpp"
#include "text.hpp"

namespace attnlab {
namespace {

using nlohmann::json;
using namespace link;

DecodedFragment problem(const char* code, std::string message, ProblemParams params = {}) {
  DecodedFragment d;
  d.kind = DecodedFragment::Kind::problem;
  d.message = std::move(message);
  d.code = code;
  d.params = std::move(params);
  return d;
}

// ---- the link schema: a payload's view fields --------------------------------------------------------------

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
  if (!payload.is_object()) return problem(codes::link_not_a_state, "it does not hold a state object");
  static constexpr std::array<std::string_view, 8> keys{"l", "p", "s", "sel", "r", "hide", "lock", "note"};
  const auto [l, p, s, sel, r, hide, lock, note] = payload.members(keys);
  State state;
  if (l.empty() || l[0] != '{') return problem(codes::link_no_lesson, "it does not contain a lesson");
  state.lesson = l;
  if (!p.empty()) {
    const auto t = text_of(payload, p);
    if (!t || t->second > max_preset_chars) return problem(codes::link_preset_not_text, "the preset name is not text");
    state.preset = p;
  }
  if (!s.empty()) {
    const auto t = text_of(payload, s);
    if (!t || !one_of(step_ids(), t->first))
      return problem(codes::link_step_unknown, "the step is not one of the walkthrough's steps");
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
    if (!matrix || !one_of(selectable_matrices(), matrix->first) || !head || !row || !col)
      return problem(codes::link_selection_malformed, "the selected cell is malformed");
    state.selection = std::array<std::string, 4>{json_string(matrix->first), std::to_string(*head),
                                                 std::to_string(*row), std::to_string(*col)};
  }
  if (!r.empty()) {
    state.reveal = whole(payload, r, 1, 512);
    if (!state.reveal)
      return problem(codes::link_reveal_range, "the decoding step is not a whole number from 1 to 512");
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
  if (!hide.empty() && !read_list(hide, step_ids(), state.hidden))
    return problem(codes::link_hidden_malformed, "the list of hidden steps is malformed");
  if (!lock.empty() && !read_list(lock, lockable_inputs(), state.locked))
    return problem(codes::link_locked_malformed, "the list of locked inputs is malformed");
  if (!note.empty()) {
    const auto t = text_of(payload, note);
    if (!t) return problem(codes::link_note_not_text, "the note is not text");
    if (count_chars(t->first) > max_note_chars)
      return problem(codes::link_note_too_long,
                     "the note is longer than " + std::to_string(max_note_chars) + " characters",
                     {number_param("max", max_note_chars)});
    state.note = note;
  }
  return state.to_fragment(version);
}

DecodedFragment decode_v1(std::string_view text) {
  // decodeHash of web/state.js: any failure to read is one message.
  const auto unreadable = [] { return problem(codes::link_unreadable, "the link could not be read"); };
  std::string decoded;
  if (!percent_decode(text, decoded) || !valid_utf8(decoded)) return unreadable();
  if (decoded.compare(0, 3, "\xef\xbb\xbf") == 0) return unreadable();  // JSON.parse refuses a BOM; nlohmann skips it
  Payload payload;
  if (!payload.parse(decoded).empty()) return unreadable();
  if (!payload.is_object()) return problem(codes::link_no_lesson, "the link does not contain a lesson");
  static constexpr std::array<std::string_view, 2> keys{"lesson", "preset"};
  const auto [lesson, preset] = payload.members(keys);
  if (lesson.empty() || lesson[0] != '{') return problem(codes::link_no_lesson, "the link does not contain a lesson");
  State state;
  state.lesson = lesson;
  // A preset that is not text is dropped; an empty one is no preset.
  if (const auto t = text_of(payload, preset); t && t->second > 0) {
    if (t->second > max_preset_chars) return problem(codes::link_preset_not_text, "the preset name is not text");
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
  if (!valid_utf8(unpacked)) return problem(codes::link_not_utf8, "it is damaged: the unpacked data is not UTF-8 text");
  if (unpacked.compare(0, 3, "\xef\xbb\xbf") == 0) unpacked.remove_prefix(3);  // TextDecoder drops a BOM
  Payload payload;
  if (const std::string error = payload.parse(unpacked); !error.empty())
    return problem(codes::link_not_json, "it is damaged: the unpacked data is not JSON: " + error, {{"detail", error}});
  return read_payload(payload, 2);
}

DecodedFragment decode_fragment(std::string_view fragment) {
  std::string_view text = fragment;
  if (!text.empty() && text[0] == '#') text.remove_prefix(1);
  if (text.empty() || is_step_anchor(text)) return DecodedFragment{};
  if (const std::size_t length = utf16_length(text); length > max_fragment_chars)
    return problem(codes::link_too_long, "it is " + with_commas(length) + " characters long, more than a link may be",
                   {number_param("length", length)});

  // "v<digits>=…" names its format; anything else is the first format.
  std::size_t digits = 1;
  while (digits < text.size() && is_digit(text[digits])) ++digits;
  if (text[0] != 'v' || digits == 1 || digits == text.size() || text[digits] != '=') return decode_v1(text);
  const std::string_view version = text.substr(1, digits - 1);
  if (version != "2")
    return problem(codes::link_unknown_version,
                   "it was made in format version " + std::string(version) + ", which this page does not know",
                   {{"version", std::string(version)}});

  std::string error;
  const auto packed = base64url_decode(text.substr(digits + 1), error);
  if (!packed) return problem(codes::link_damaged, "it is damaged: " + error, {{"detail", error}});
  const Inflated unpacked = inflate_raw(*packed, max_unpacked_bytes);
  if (unpacked.error == InflateError::too_large)
    return problem(codes::link_unpacks_too_large,
                   "it is damaged: it unpacks to more than " + std::to_string(max_unpacked_bytes >> 20) + " MiB",
                   {number_param("mib", max_unpacked_bytes >> 20)});
  if (unpacked.error != InflateError::none)
    return problem(codes::link_damaged, std::string("it is damaged: ") + inflate_error_message(unpacked.error),
                   {{"detail", inflate_error_message(unpacked.error)}});
  return decode_v2_payload(unpacked.data);
}

}  // namespace attnlab
