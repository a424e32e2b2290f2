// The exercises page's C API (web/exercises/ and the LMS results through engine.js): a student's sheet from a set
// and a seed, and the CLI's commands (`grade` reads results codes). Not in the walkthrough's module
// (attnlab_walkthrough), which draws its first lesson without the exercise generator.
#include <emscripten/emscripten.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "answer.hpp"
#include "commands.hpp"
#include "exercise_set.hpp"
#include "exercises.hpp"
#include "limits.hpp"

using namespace attnlab;
using namespace attnlab::wasm;

extern "C" {

// One student's exercises: {"ok": true, "value": <the sheet's JSON>} or the set's problems.
EMSCRIPTEN_KEEPALIVE char* attn_exercises(const char* set_json, double seed) {
  ExerciseSet set;
  Problems found = read_exercise_set(set_json, set);
  if (seed < 0 || seed > limits::max_seed || seed != std::floor(seed))
    found.push_back({"seed",
                     "must be a whole number from 0 to " + std::to_string(limits::max_seed),
                     codes::whole_number_range,
                     {number_param("min", 0), number_param("max", limits::max_seed)}});
  if (!found.empty()) return refused(found);
  return answer("{\"ok\":true,\"value\":" + generate_exercises(set, static_cast<std::uint32_t>(seed)) + "}");
}

// The CLI's commands; options are the words after the file name, joined by newlines. {"code", "out", "err"}.
EMSCRIPTEN_KEEPALIVE char* attn_command(const char* name, const char* input, const char* source, const char* options) {
  std::vector<std::string> words;
  for (std::string rest = options; !rest.empty();) {
    const auto cut = rest.find('\n');
    words.push_back(rest.substr(0, cut));
    rest = cut == std::string::npos ? "" : rest.substr(cut + 1);
  }
  const CommandResult r = run_command(name, input, source, words);
  return answer(dump({{"code", r.exit_code}, {"out", r.out}, {"err", r.err}}));
}

}  // extern "C"
