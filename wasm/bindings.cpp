// The engine's C API for JavaScript: converts and registers, nothing more (wasm/engine.js wraps it).
// Plain extern "C" + cwrap needs no eval, so the module runs under a strict Content-Security-Policy.
// Nothing here throws: bad input comes back as problems, read with attn_problem_*.
#include <emscripten/emscripten.h>

#include <cmath>
#include <cstring>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "attention.hpp"
#include "commands.hpp"
#include "exercise_set.hpp"
#include "exercises.hpp"
#include "explain.hpp"
#include "fragment.hpp"
#include "lesson_json.hpp"
#include "tokenizer.hpp"
#include "trace_json.hpp"

using namespace attnlab;
using nlohmann::json;

namespace {
std::map<std::string, Matrix> pending;  // matrices sent as typed arrays for the next attn_run
Problems problems;
Trace trace;  // the last successful trace, kept for the explain calls
std::string handed;  // the last string handed to JavaScript
CommandResult command;

const char* give(std::string s) {
  handed = std::move(s);
  return handed.c_str();
}
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

// Where a matrix lies in wasm memory, for JavaScript to copy: [address, rows, cols].
json place(const double* data, Eigen::Index rows, Eigen::Index cols) {
  return {reinterpret_cast<std::uintptr_t>(data), rows, cols};
}
json place(const Matrix& m) { return place(m.data(), m.rows(), m.cols()); }
json place(const Vector& v) { return place(v.data(), 1, v.size()); }

json problems_json(const Problems& found) {
  json out = json::array();
  for (const auto& p : found) out.push_back({{"field", p.field}, {"message", p.message}});
  return out;
}

json terms_json(const std::vector<Term>& terms) {
  json out = json::array();
  for (const auto& t : terms) out.push_back({{"a", t.a}, {"b", t.b}, {"product", t.product}});
  return out;
}
// JSON has no -Infinity: hidden entries travel as null and engine.js turns them back.
json numbers_json(const std::vector<double>& v) {
  json out = json::array();
  for (double x : v) out.push_back(std::isfinite(x) ? json(x) : json(nullptr));
  return out;
}
}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE void attn_put_matrix(const char* name, const double* data, int rows, int cols) {
  if (rows < 0 || cols < 0) rows = cols = 0;  // read_lesson reports the empty matrix
  Matrix m(rows, cols);
  std::copy(data, data + static_cast<std::ptrdiff_t>(rows) * cols, m.data());
  pending[name] = std::move(m);
}

// 1 when the lesson computed (trace kept), 0 when it has problems.
EMSCRIPTEN_KEEPALIVE int attn_run(const char* lesson_json) {
  Lesson lesson;
  problems = read_lesson(lesson_json, pending, lesson);
  pending.clear();
  if (!problems.empty()) return 0;
  Trace next = compute_trace(std::move(lesson), &trace);  // steps an edit did not touch come from the last trace
  trace = std::move(next);
  return 1;
}

// Reads and checks a lesson without computing it (1 when it has no problems): the page checks a big lesson here
// and computes it in a Web Worker.
EMSCRIPTEN_KEEPALIVE int attn_check(const char* lesson_json) {
  Lesson lesson;
  problems = read_lesson(lesson_json, pending, lesson);
  pending.clear();
  return problems.empty() ? 1 : 0;
}

EMSCRIPTEN_KEEPALIVE const char* attn_problems() { return give(dump(problems_json(problems))); }

// Everything about the last trace in one answer: the scalars, and where each matrix lies (valid until the
// next call), so JavaScript copies them all out after a single call.
EMSCRIPTEN_KEEPALIVE const char* attn_trace_info() {
  json info{{"tokens", trace.tokens}, {"dModel", trace.d_model}, {"dK", trace.d_k},      {"dV", trace.d_v},
            {"heads", trace.heads},   {"divisor", trace.divisor}, {"tokenIds", nullptr}, {"vocab", nullptr}};
  if (trace.token_ids) info["tokenIds"] = *trace.token_ids;
  if (trace.vocab) info["vocab"] = *trace.vocab;
  info["unchanged"] = trace.unchanged;
  info["visible"] = reinterpret_cast<std::uintptr_t>(trace.visible.data());
  info["X"] = place(trace.X);
  info["concat"] = place(trace.concat);
  info["output"] = place(trace.output);
  info["inputs"] = json::object();
  for (const auto& [name, m] : trace.inputs) info["inputs"][name] = place(m);
  info["headTraces"] = json::array();
  for (const auto& h : trace.head)
    info["headTraces"].push_back({{"Q", place(h.Q)}, {"K", place(h.K)}, {"V", place(h.V)}, {"scores", place(h.scores)},
                                  {"scaled", place(h.scaled)}, {"masked", place(h.masked)}, {"weights", place(h.weights)},
                                  {"Z", place(h.Z)}, {"exp", place(h.softmax.exp)}, {"max", place(h.softmax.max)},
                                  {"sum", place(h.softmax.sum)}, {"emptyRows", h.empty_rows}});
  return give(dump(info));
}

// kind: "score" (i, j), "softmax" (i), "output" (i, j = t), "Q" / "K" / "V" (i, j = t). "null" when out of range.
EMSCRIPTEN_KEEPALIVE const char* attn_explain(const char* kind, int head, int i, int j) {
  const std::string k = kind;
  json out = nullptr;
  if (k == "score") {
    if (auto e = explain_score(trace, head, i, j)) {
      out = {{"head", head}, {"i", i}, {"j", j}, {"score", score_name(e->score)}, {"terms", terms_json(e->terms)},
             {"dot", e->dot}, {"sum", e->sum}, {"divisor", e->divisor}, {"scaled", e->scaled}, {"hidden", e->hidden}};
      if (e->score == ScoreKind::cosine) {
        out["qNorm"] = e->q_norm;
        out["kNorm"] = e->k_norm;
      }
    }
  } else if (k == "softmax") {
    if (auto e = explain_softmax(trace, head, i))
      out = {{"head", head}, {"i", i}, {"max", std::isfinite(e->max) ? json(e->max) : json(nullptr)},
             {"shifted", numbers_json(e->shifted)}, {"exp", e->exp}, {"sum", e->sum}, {"weights", e->weights},
             {"hidden", e->hidden}, {"empty", e->empty}};
  } else if (k == "Q" || k == "K" || k == "V") {  // j = t
    if (auto e = explain_projection(trace, k[0], head, i, j))
      out = {{"head", head}, {"i", i}, {"t", j}, {"column", e->column}, {"terms", terms_json(e->terms)}, {"sum", e->sum}};
  } else if (k == "output") {
    if (auto e = explain_output(trace, head, i, j))
      out = {{"head", head}, {"i", i}, {"t", j}, {"terms", terms_json(e->terms)}, {"sum", e->sum}};
  }
  return give(dump(out));
}

// One student's exercises (JSON text), or the set's problems (read with attn_problems) and null.
EMSCRIPTEN_KEEPALIVE const char* attn_exercises(const char* set_json, double seed) {
  ExerciseSet set;
  problems = read_exercise_set(set_json, set);
  if (seed < 0 || seed > 4294967295.0 || seed != std::floor(seed))
    problems.push_back({"seed", "must be a whole number from 0 to 4294967295"});
  if (!problems.empty()) return nullptr;
  return give(generate_exercises(set, static_cast<std::uint32_t>(seed)));
}

EMSCRIPTEN_KEEPALIVE const char* attn_tokenize(const char* sentence) { return give(dump(json(tokenize(sentence)))); }

// A link's fragment (location.hash) → {ok: true, version, state} | {ok: false, empty: true} | {ok: false, message},
// the answers web/share.js gave when it decoded links itself. The state's lesson still has to pass attn_check.
EMSCRIPTEN_KEEPALIVE const char* attn_decode_fragment(const char* fragment) {
  DecodedFragment d = decode_fragment(fragment);
  if (d.kind == DecodedFragment::Kind::empty) return give(R"({"ok":false,"empty":true})");
  if (d.kind == DecodedFragment::Kind::problem) return give(dump({{"ok", false}, {"message", d.message}}));
  // state_json is JSON text already, cut from the link so that JSON.parse reads the lesson as it always did
  return give("{\"ok\":true,\"version\":" + std::to_string(d.version) + ",\"state\":" + std::move(d.state_json) + "}");
}

// A state payload as a link holds it (JSON text, what "#v2=" unpacks to): the same answers as
// attn_decode_fragment. The page reads the copy it kept of a state too large for a link with it.
EMSCRIPTEN_KEEPALIVE const char* attn_read_payload(const char* payload_json) {
  DecodedFragment d = decode_v2_payload(payload_json);
  if (d.kind == DecodedFragment::Kind::empty) return give(R"({"ok":false,"empty":true})");
  if (d.kind == DecodedFragment::Kind::problem) return give(dump({{"ok", false}, {"message", d.message}}));
  return give("{\"ok\":true,\"version\":" + std::to_string(d.version) + ",\"state\":" + std::move(d.state_json) + "}");
}

// The CLI's trace as an answer of its own: {"ok":true,"value":<the trace JSON>} or {"ok":false,"problems":[…]}.
// The caller frees the text (it owns it, so no later call can change it).
EMSCRIPTEN_KEEPALIVE char* attn_trace_json(const char* lesson_json) {
  Lesson lesson;
  const Problems found = read_lesson(lesson_json, lesson);
  std::string out = found.empty() ? "{\"ok\":true,\"value\":" + trace_to_json(compute_trace(std::move(lesson))) + "}"
                                  : dump({{"ok", false}, {"problems", problems_json(found)}});
  return strdup(out.c_str());
}

// The CLI's commands; options are the words after the file name, joined by newlines. The output and
// error text are read with attn_command_text.
EMSCRIPTEN_KEEPALIVE int attn_command(const char* name, const char* text, const char* source, const char* options) {
  std::vector<std::string> words;
  for (std::string rest = options; !rest.empty();) {
    const auto cut = rest.find('\n');
    words.push_back(rest.substr(0, cut));
    rest = cut == std::string::npos ? "" : rest.substr(cut + 1);
  }
  command = run_command(name, text, source, words);
  return command.exit_code;
}
EMSCRIPTEN_KEEPALIVE const char* attn_command_text(int which) { return which == 1 ? command.out.c_str() : command.err.c_str(); }

// Tests only: stops the instance as a bug would (a WebAssembly.RuntimeError, "unreachable"), so the pages'
// restart-and-restore path can be exercised (engine.debugTrap()).
EMSCRIPTEN_KEEPALIVE void attn_debug_trap() { __builtin_trap(); }

}  // extern "C"
