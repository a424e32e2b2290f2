// The labs' C API for JavaScript (web/labs/engine-labs.js wraps it): options in as JSON text, results out as
// JSON text. Converts and registers, nothing more: core/lab_options.hpp reads the options (defaults, clamps) and
// core/json_number.hpp writes the infinities and NaNs JSON lacks. Stateless, like wasm/bindings.cpp: every answer
// is a string the caller owns and frees, and a training run lives behind a handle the caller holds
// (labs_trainer_new … labs_trainer_free). Nothing here throws: JSON is parsed without exceptions.
#include <emscripten/emscripten.h>

#include <algorithm>
#include <cstring>
#include <string>

#include <nlohmann/json.hpp>

#include "answer.hpp"
#include "attention.hpp"
#include "bahdanau.hpp"
#include "json_number.hpp"
#include "lab_options.hpp"
#include "lesson_json.hpp"
#include "scale_lab.hpp"
#include "softmax_precision.hpp"
#include "trace_json.hpp"
#include "training.hpp"

using namespace attnlab;
using nlohmann::json;

namespace {
using attnlab::wasm::answer;
char* answer(const json& j) { return answer(attnlab::wasm::dump(j)); }

json numbers(const std::vector<double>& v) {
  json out = json::array();
  for (double x : v) out.push_back(json_number(x));
  return out;
}
json numbers(const Vector& v) { return numbers(std::vector<double>(v.data(), v.data() + v.size())); }
json rows(const Matrix& m) {
  json out = json::array();
  for (Eigen::Index i = 0; i < m.rows(); ++i) out.push_back(numbers(Vector(m.row(i).transpose())));
  return out;
}

json parse(const char* s) { return json::parse(s ? s : "", nullptr, false); }

json stats_json(const SoftmaxStats& s) {
  return {{"maxWeight", s.max_weight}, {"entropy", s.entropy}, {"jacobianNorm", s.jacobian_norm}};
}

json training_state(const AttentionTrainer& trainer, int shown, int since) {
  const TrainingState s = trainer.state(shown);
  const auto& losses = trainer.loss_history();
  const auto& acc = trainer.accuracy_history();
  since = std::max(0, std::min(since, static_cast<int>(losses.size())));
  const auto& ex =
      trainer
          .examples()[static_cast<std::size_t>(std::clamp(shown, 0, static_cast<int>(trainer.examples().size()) - 1))];
  return {{"step", s.step},
          {"loss", json_number(s.loss)},
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
EMSCRIPTEN_KEEPALIVE char* labs_scale(const char* options_json) {
  const ScaleLabOptions options = scale_lab_options(parse(options_json));
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
  return answer(json{{"rows", out}});
}

// {logits: [..], hidden: [bool..], mask: number | "-Infinity"} → {runs: [4 × {half, subtractMax, inputs, max, shifted,
// exp, sum, weights, overflow, invalid}]}
EMSCRIPTEN_KEEPALIVE char* labs_softmax_precision(const char* options_json) {
  const PrecisionOptions o = precision_options(parse(options_json));
  json out = json::array();
  for (const auto& r : softmax_precision(o.logits, o.hidden, o.mask))
    out.push_back({{"half", r.half},
                   {"subtractMax", r.subtract_max},
                   {"name", run_name(r)},
                   {"inputs", numbers(r.inputs)},
                   {"max", json_number(r.max)},
                   {"shifted", numbers(r.shifted)},
                   {"exp", numbers(r.exp)},
                   {"sum", json_number(r.sum)},
                   {"weights", numbers(r.weights)},
                   {"overflow", r.overflow},
                   {"invalid", r.invalid}});
  return answer(json{{"runs", out}, {"halfMax", half_max}});
}

// {H: n × d encoder states, S: T × d decoder states, seed, dA} → {parameters, steps: [T × [6 × {kind, scores, weights,
// context}]]}, or {error} when H and S do not fit together.
EMSCRIPTEN_KEEPALIVE char* labs_bahdanau(const char* options_json) {
  const BahdanauOptions o = bahdanau_options(parse(options_json));
  if (!o.problem.empty()) return answer(json{{"error", o.problem}});
  const Matrix &H = o.H, &S = o.S;
  const AlignmentParameters p =
      draw_alignment_parameters(static_cast<int>(H.cols()), static_cast<int>(H.rows()), o.d_a, o.seed);
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
  return answer(json{{"steps", steps},
                     {"parameters",
                      {{"W_general", rows(p.W_general)},
                       {"W_location", rows(p.W_location)},
                       {"W_1", rows(p.W_1)},
                       {"W_2", rows(p.W_2)},
                       {"v_a", rows(p.v_a)}}}});
}

// A training run of its own, at step 0 of the default options; the caller frees it (labs_trainer_free).
EMSCRIPTEN_KEEPALIVE AttentionTrainer* labs_trainer_new() { return new AttentionTrainer(); }
EMSCRIPTEN_KEEPALIVE void labs_trainer_free(AttentionTrainer* trainer) { delete trainer; }

// {seed, symbols, halfLength, dModel, dK, examples, learningRate, adam} → the run restarted: its state at step 0.
EMSCRIPTEN_KEEPALIVE char* labs_train_reset(AttentionTrainer* trainer, const char* options_json, int shown) {
  trainer->reset(training_options(parse(options_json)));
  return answer(training_state(*trainer, shown, 0));
}

// `updates` gradient steps (0 = none), then the state; losses from index `since` on.
EMSCRIPTEN_KEEPALIVE char* labs_train_step(AttentionTrainer* trainer, int updates, int shown, int since) {
  trainer->step(training_updates(updates));
  return answer(training_state(*trainer, shown, since));
}

// A lesson through the main engine (for the contextual-embedding lab): the trace JSON, or {"problems": [...]}.
EMSCRIPTEN_KEEPALIVE char* labs_trace(const char* lesson_json) {
  Lesson lesson;
  const Problems problems = read_lesson(lesson_json ? lesson_json : "", lesson);
  if (!problems.empty()) return answer(json{{"problems", attnlab::wasm::problems_json(problems)}});
  return answer(trace_to_json(compute_trace(std::move(lesson))));
}

}  // extern "C"
