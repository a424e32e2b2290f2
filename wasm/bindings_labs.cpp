// The labs' C API for JavaScript (web/labs/engine-labs.js wraps it): options in as JSON text, results out as
// JSON text. Converts and registers, nothing more. Nothing here throws: JSON is parsed without exceptions and
// every field is type-checked before it is read; bad or missing fields fall back to defaults.
// JSON has no inf/NaN: such numbers travel as the strings "inf", "-inf" and "nan".
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "attention.hpp"
#include "bahdanau.hpp"
#include "lesson_json.hpp"
#include "scale_lab.hpp"
#include "softmax_precision.hpp"
#include "trace_json.hpp"
#include "training.hpp"

using namespace attnlab;
using nlohmann::json;

namespace {
std::string text;  // the last string handed to JavaScript
AttentionTrainer trainer;

const char* give(const json& j) {
  text = j.dump(-1, ' ', false, json::error_handler_t::replace);
  return text.c_str();
}

json number(double x) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  return x;
}
json numbers(const std::vector<double>& v) {
  json out = json::array();
  for (double x : v) out.push_back(number(x));
  return out;
}
json numbers(const Vector& v) { return numbers(std::vector<double>(v.data(), v.data() + v.size())); }
json rows(const Matrix& m) {
  json out = json::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i) out.push_back(numbers(Vector(m.row(i).transpose())));
  return out;
}

json parse(const char* s) {
  json j = json::parse(s ? s : "", nullptr, false);
  return j.is_object() ? j : json::object();
}
double read_number(const json& j) {
  if (j.is_number()) return j.get<double>();
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s == "-inf") return -INFINITY;
    if (s == "inf") return INFINITY;
  }
  return NAN;
}
double get(const json& j, const char* key, double fallback) {
  auto it = j.find(key);
  if (it == j.end()) return fallback;
  const double x = read_number(*it);
  return std::isnan(x) ? fallback : x;
}
int get_int(const json& j, const char* key, int fallback) {
  const double x = get(j, key, fallback);
  return std::abs(x) < 1e9 ? static_cast<int>(x) : fallback;
}
std::vector<double> get_list(const json& j, const char* key, std::size_t max_size) {
  std::vector<double> out;
  auto it = j.find(key);
  if (it == j.end() || !it->is_array()) return out;
  for (const auto& v : *it)
    if (out.size() < max_size) out.push_back(read_number(v));
  return out;
}
// A rectangular matrix of finite numbers, at most max_rows × max_cols; empty when the field is not one.
Matrix get_matrix(const json& j, const char* key, int max_rows, int max_cols) {
  auto it = j.find(key);
  if (it == j.end() || !it->is_array() || it->empty() || static_cast<int>(it->size()) > max_rows) return {};
  const auto& first = (*it)[0];
  if (!first.is_array() || first.empty() || static_cast<int>(first.size()) > max_cols) return {};
  Matrix m(it->size(), first.size());
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    const auto& row = (*it)[static_cast<std::size_t>(r)];
    if (!row.is_array() || row.size() != first.size()) return {};
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      const double x = read_number(row[static_cast<std::size_t>(c)]);
      if (!std::isfinite(x)) return {};
      m(r, c) = x;
    }
  }
  return m;
}

json stats_json(const SoftmaxStats& s) {
  return {{"maxWeight", s.max_weight}, {"entropy", s.entropy}, {"jacobianNorm", s.jacobian_norm}};
}

json training_state(int shown, int since) {
  const TrainingState s = trainer.state(shown);
  const auto& losses = trainer.loss_history();
  const auto& acc = trainer.accuracy_history();
  since = std::max(0, std::min(since, static_cast<int>(losses.size())));
  const auto& ex =
      trainer
          .examples()[static_cast<std::size_t>(std::clamp(shown, 0, static_cast<int>(trainer.examples().size()) - 1))];
  return {{"step", s.step},
          {"loss", number(s.loss)},
          {"accuracy", s.accuracy},
          {"since", since},
          {"losses", numbers(std::vector<double>(losses.begin() + since, losses.end()))},
          {"accuracies", numbers(std::vector<double>(acc.begin() + since, acc.end()))},
          {"weights", rows(s.weights)},
          {"probs", numbers(s.probs)},
          {"example", {{"ids", ex.ids}, {"position", ex.position}, {"target", ex.target}}},
          {"examples", trainer.examples().size()},
          {"vocabulary", trainer.vocabulary()}};
}
}  // namespace

extern "C" {

// {dK: [..], queries, keys, seed} → {rows: [{dK, rawVariance, scaledVariance, raw: stats, scaled: stats, example}]}
EMSCRIPTEN_KEEPALIVE const char* labs_scale(const char* options_json) {
  const json o = parse(options_json);
  ScaleLabOptions options;
  const auto d_k = get_list(o, "dK", 64);
  if (!d_k.empty()) {
    options.d_k.clear();
    for (double d : d_k) options.d_k.push_back(std::isfinite(d) ? static_cast<int>(std::clamp(d, 1.0, 1024.0)) : 1);
  }
  options.queries = get_int(o, "queries", options.queries);
  options.keys = get_int(o, "keys", options.keys);
  options.seed = static_cast<std::uint32_t>(std::clamp(get(o, "seed", 0), 0.0, 4294967295.0));
  json out = json::array();
  for (const auto& r : scale_lab(options))
    out.push_back({{"dK", r.d_k},
                   {"rawVariance", r.raw_variance},
                   {"scaledVariance", r.scaled_variance},
                   {"raw", stats_json(r.raw)},
                   {"scaled", stats_json(r.scaled)},
                   {"example",
                    {{"rawScores", numbers(r.example_raw_scores)},
                     {"scaledScores", numbers(r.example_scaled_scores)},
                     {"rawWeights", numbers(r.example_raw_weights)},
                     {"scaledWeights", numbers(r.example_scaled_weights)}}}});
  return give({{"rows", out}});
}

// {logits: [..], hidden: [bool..], mask: number | "-inf"} → {runs: [4 × {half, subtractMax, inputs, max, shifted, exp,
// sum, weights, overflow, invalid}]}
EMSCRIPTEN_KEEPALIVE const char* labs_softmax_precision(const char* options_json) {
  const json o = parse(options_json);
  const auto logits = get_list(o, "logits", 64);
  std::vector<bool> hidden;
  if (auto h = o.find("hidden"); h != o.end() && h->is_array())
    for (const auto& v : *h) hidden.push_back(v.is_boolean() && v.get<bool>());
  const double mask = o.contains("mask") ? read_number(o["mask"]) : -INFINITY;
  json out = json::array();
  for (const auto& r : softmax_precision(logits, hidden, mask))
    out.push_back({{"half", r.half},
                   {"subtractMax", r.subtract_max},
                   {"name", run_name(r)},
                   {"inputs", numbers(r.inputs)},
                   {"max", number(r.max)},
                   {"shifted", numbers(r.shifted)},
                   {"exp", numbers(r.exp)},
                   {"sum", number(r.sum)},
                   {"weights", numbers(r.weights)},
                   {"overflow", r.overflow},
                   {"invalid", r.invalid}});
  return give({{"runs", out}, {"halfMax", half_max}});
}

// {H: n × d encoder states, S: T × d decoder states, seed, dA} → {parameters, steps: [T × [6 × {kind, scores, weights,
// context}]]}, or {error} when H and S do not fit together.
EMSCRIPTEN_KEEPALIVE const char* labs_bahdanau(const char* options_json) {
  const json o = parse(options_json);
  const Matrix H = get_matrix(o, "H", 64, 64), S = get_matrix(o, "S", 64, 64);
  if (H.size() == 0 || S.size() == 0)
    return give({{"error", "H and S must be non-empty matrices of numbers (at most 64 × 64)"}});
  if (H.cols() != S.cols()) return give({{"error", "encoder and decoder states must have the same size"}});
  const int d_a = std::clamp(get_int(o, "dA", 4), 1, 64);
  const auto seed = static_cast<std::uint32_t>(std::clamp(get(o, "seed", 0), 0.0, 4294967295.0));
  const AlignmentParameters p =
      draw_alignment_parameters(static_cast<int>(H.cols()), static_cast<int>(H.rows()), d_a, seed);
  json steps = json::array();
  for (Eigen::Index i = 0; i < S.rows(); ++i) {
    json step = json::array();
    for (const auto& a : align_all(H, S.row(i).transpose(), p))
      step.push_back({{"kind", score_name(a.kind)},
                      {"scores", numbers(a.scores)},
                      {"weights", numbers(a.weights)},
                      {"context", numbers(a.context)}});
    steps.push_back(step);
  }
  return give({{"steps", steps},
               {"parameters",
                {{"W_general", rows(p.W_general)},
                 {"W_location", rows(p.W_location)},
                 {"W_1", rows(p.W_1)},
                 {"W_2", rows(p.W_2)},
                 {"v_a", rows(p.v_a)}}}});
}

// {seed, symbols, halfLength, dModel, dK, examples, learningRate, adam} → the state at step 0.
EMSCRIPTEN_KEEPALIVE const char* labs_train_reset(const char* options_json, int shown) {
  const json o = parse(options_json);
  TrainingOptions t;
  t.seed = static_cast<std::uint32_t>(std::clamp(get(o, "seed", 1), 0.0, 4294967295.0));
  t.symbols = get_int(o, "symbols", t.symbols);
  t.half_length = get_int(o, "halfLength", t.half_length);
  t.d_model = get_int(o, "dModel", t.d_model);
  t.d_k = get_int(o, "dK", t.d_k);
  t.examples = get_int(o, "examples", t.examples);
  t.learning_rate = get(o, "learningRate", t.learning_rate);
  if (auto a = o.find("adam"); a != o.end() && a->is_boolean()) t.adam = a->get<bool>();
  trainer.reset(t);
  return give(training_state(shown, 0));
}

// `updates` gradient steps (0 = none), then the state; losses from index `since` on.
EMSCRIPTEN_KEEPALIVE const char* labs_train_step(int updates, int shown, int since) {
  trainer.step(std::clamp(updates, 0, 10000));
  return give(training_state(shown, since));
}

// A lesson through the main engine (for the contextual-embedding lab): the trace JSON, or {"problems": [...]}.
EMSCRIPTEN_KEEPALIVE const char* labs_trace(const char* lesson_json) {
  Lesson lesson;
  const Problems problems = read_lesson(lesson_json ? lesson_json : "", lesson);
  if (!problems.empty()) {
    json out = json::array();
    for (const auto& p : problems) out.push_back({{"field", p.field}, {"message", p.message}});
    return give({{"problems", out}});
  }
  text = trace_to_json(compute_trace(lesson));
  return text.c_str();
}

}  // extern "C"
