#pragma once
// The page's links: the URL fragment holding a whole page state (web/share.js writes them).
//   v2: "#v2=" + base64url(deflate-raw(JSON payload)), payload = {l: lesson, p?: preset, s?: step,
//       sel?: [matrix, head, row, col], r?: decoding step, hide?: [steps], lock?: [inputs], note?: text}
//   v1: "#" + URI-encoded JSON {v: 1, lesson, preset?}, the page's first format, read forever.
// Every link is decoded here, in the engine, so there is one decoder to fuzz. The answers and messages are
// those web/share.js gave when it decoded links in JavaScript, and a link reads exactly as JSON.parse read it.
// Only the view part is checked; the lesson is left to read_lesson (the page runs engine.check on it).
#include <cstddef>
#include <string>
#include <string_view>

#include "limits.hpp"
#include "problems.hpp"

namespace attnlab {

constexpr std::size_t max_fragment_chars = 1'000'000;  // browsers cap a whole URL near 2 MB
constexpr std::size_t max_unpacked_bytes = limits::max_json_bytes;
constexpr std::size_t max_note_chars = limits::max_note_chars;  // characters (code points)
constexpr std::size_t max_preset_chars = 100;

struct DecodedFragment {
  enum class Kind { state, empty, problem };
  Kind kind = Kind::empty;  // empty: no state in the fragment ("", "#step-score"): the page opens as usual
  std::string message;      // problem: a clause for "The link could not be read (…)", in English
  std::string code;         // problem: its code (problem_codes.def, link_…), the page's message engine.<code>
  ProblemParams params;     // problem: the numbers and words of the message
  int version = 0;          // state: 1 or 2
  // state: the page's state as JSON text, {"lesson", "preset", "step", "selection", "reveal", "hidden", "locked",
  // "note"} in that order. The lesson, preset and note are the link's own JSON text, so JavaScript parses
  // them to exactly what it parsed before.
  std::string state_json;
};

// Any fragment, with or without its "#". Never throws for any input.
DecodedFragment decode_fragment(std::string_view fragment);

// The JSON text a "#v2=" link unpacks to (for tests and the fuzzer; decode_fragment calls it).
DecodedFragment decode_v2_payload(std::string_view unpacked);

}  // namespace attnlab
