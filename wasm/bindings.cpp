// The engine's C API for JavaScript: converts and registers, nothing more (wasm/engine.js wraps it).
// Plain extern "C" + cwrap needs no eval, so the module runs under a strict Content-Security-Policy.
// Nothing here throws: bad input comes back as problems, read with attn_problem_*.
#include <emscripten/emscripten.h>

#include <cmath>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "attention.hpp"
#include "commands.hpp"
#include "exercise_set.hpp"
#include "exercises.hpp"
#include "explain.hpp"
#include "lesson_json.hpp"
#include "tokenizer.hpp"

using namespace attnlab;
using nlohmann::json;

namespace {
std::map<std::string, Matrix> pending;  // matrices sent as typed arrays for the next attn_run
Problems problems;
Trace trace;  // the last successful trace, kept for the explain calls
std::string text;  // the last string handed to JavaScript
CommandResult command;

const char* give(std::string s) {
  text = std::move(s);
  return text.c_str();
}
std::string dump(const json& j) { return j.dump(-1, ' ', false, json::error_handler_t::replace); }

const Matrix* find_matrix(int head, const std::string& name) {
  static Matrix vector_as_row;
  if (head < 0) {
    if (auto it = trace.inputs.find(name); it != trace.inputs.end() && name != "X") return &it->second;
    if (name == "X") return &trace.X;
    if (name == "concat") return &trace.concat;
    if (name == "output") return &trace.output;
    return nullptr;
  }
  if (head >= static_cast<int>(trace.head.size())) return nullptr;
  const HeadTrace& h = trace.head[static_cast<std::size_t>(head)];
  if (name == "Q") return &h.Q;
  if (name == "K") return &h.K;
  if (name == "V") return &h.V;
  if (name == "scores") return &h.scores;
  if (name == "scaled") return &h.scaled;
  if (name == "masked") return &h.masked;
  if (name == "weights") return &h.weights;
  if (name == "Z") return &h.Z;
  if (name == "exp") return &h.softmax.exp;
  if (name == "max" || name == "sum") {
    vector_as_row = (name == "max" ? h.softmax.max : h.softmax.sum).transpose();
    return &vector_as_row;
  }
  return nullptr;
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
  trace = compute_trace(lesson);
  return 1;
}

EMSCRIPTEN_KEEPALIVE const char* attn_problems() {
  json out = json::array();
  for (const auto& p : problems) out.push_back({{"field", p.field}, {"message", p.message}});
  return give(dump(out));
}

// Everything about the last trace that is not a matrix.
EMSCRIPTEN_KEEPALIVE const char* attn_trace_info() {
  json info{{"tokens", trace.tokens},   {"dModel", trace.d_model}, {"dK", trace.d_k},
            {"dV", trace.d_v},          {"heads", trace.heads},    {"divisor", trace.divisor},
            {"tokenIds", nullptr},      {"vocab", nullptr},        {"emptyRows", json::array()}};
  if (trace.token_ids) info["tokenIds"] = *trace.token_ids;
  if (trace.vocab) info["vocab"] = *trace.vocab;
  for (const auto& h : trace.head) info["emptyRows"].push_back(h.empty_rows);
  info["inputs"] = json::array();
  for (const auto& [name, m] : trace.inputs)
    if (name != "X") info["inputs"].push_back(name);
  return give(dump(info));
}

// head -1 for X, concat, output and the lesson's input matrices. Returns null for an unknown matrix.
EMSCRIPTEN_KEEPALIVE const double* attn_matrix(int head, const char* name) {
  const Matrix* m = find_matrix(head, name);
  return m ? m->data() : nullptr;
}
EMSCRIPTEN_KEEPALIVE int attn_matrix_rows(int head, const char* name) {
  const Matrix* m = find_matrix(head, name);
  return m ? static_cast<int>(m->rows()) : 0;
}
EMSCRIPTEN_KEEPALIVE int attn_matrix_cols(int head, const char* name) {
  const Matrix* m = find_matrix(head, name);
  return m ? static_cast<int>(m->cols()) : 0;
}
EMSCRIPTEN_KEEPALIVE const unsigned char* attn_visible() { return trace.visible.data(); }

// kind: "score" (i, j), "softmax" (i), "output" (i, j = t). Returns "null" when out of range.
EMSCRIPTEN_KEEPALIVE const char* attn_explain(const char* kind, int head, int i, int j) {
  const std::string k = kind;
  json out = nullptr;
  if (k == "score") {
    if (auto e = explain_score(trace, head, i, j))
      out = {{"head", head}, {"i", i}, {"j", j}, {"terms", terms_json(e->terms)}, {"sum", e->sum},
             {"divisor", e->divisor}, {"scaled", e->scaled}, {"hidden", e->hidden}};
  } else if (k == "softmax") {
    if (auto e = explain_softmax(trace, head, i))
      out = {{"head", head}, {"i", i}, {"max", std::isfinite(e->max) ? json(e->max) : json(nullptr)},
             {"shifted", numbers_json(e->shifted)}, {"exp", e->exp}, {"sum", e->sum}, {"weights", e->weights},
             {"hidden", e->hidden}, {"empty", e->empty}};
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

}  // extern "C"
