// The engine's C API for JavaScript: converts, nothing more (wasm/engine.js wraps it). Stateless: every call
// answers for itself with JSON text the caller owns and frees ({"ok": true, "value": …} or {"ok": false,
// "problems": […]}), and a computed trace lives on the heap behind a handle the caller holds, passes to the calls
// that explain it and frees (attn_trace_free); so do the seeded draws it lends from one lesson to the next
// (attn_draws_new). Plain extern "C" + cwrap needs no eval, so the module runs under a
// strict Content-Security-Policy. Nothing here throws: bad input comes back as problems.
#include <emscripten/emscripten.h>

#include <cmath>
#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "answer.hpp"
#include "attention.hpp"
#include "explain.hpp"
#include "explain_layer.hpp"
#include "fragment.hpp"
#include "json_number.hpp"
#include "kv_cache.hpp"
#include "lesson_json.hpp"
#include "mask.hpp"
#include "tokenizer.hpp"
#include "trace_json.hpp"
#include "trace_size.hpp"

using namespace attnlab;
using namespace attnlab::wasm;
using nlohmann::json;

namespace {

// Where a matrix lies in wasm memory, for JavaScript to copy: [address, rows, cols].
json place(const double* data, Eigen::Index rows, Eigen::Index cols) {
  return {reinterpret_cast<std::uintptr_t>(data), rows, cols};
}
json place(const Matrix& m) { return place(m.data(), m.rows(), m.cols()); }
json place(const Vector& v) { return place(v.data(), 1, v.size()); }

json terms_json(const std::vector<Term>& terms) {
  json out = json::array();
  for (const auto& t : terms) out.push_back({{"a", t.a}, {"b", t.b}, {"product", t.product}});
  return out;
}
json numbers_json(const std::vector<double>& v) {
  json out = json::array();
  for (double x : v) out.push_back(json_number(x));
  return out;
}

// Matrices sent as typed arrays: {"X": [address, rows, cols], …}, copied here; they override the lesson's fields.
std::map<std::string, Matrix> typed_matrices(const char* typed_json) {
  std::map<std::string, Matrix> out;
  const json typed = json::parse(typed_json ? typed_json : "{}", nullptr, false);
  if (!typed.is_object()) return out;
  for (const auto& [name, at] : typed.items()) {
    if (!at.is_array() || at.size() != 3) continue;
    const auto* data = reinterpret_cast<const double*>(at[0].get<std::uintptr_t>());
    Eigen::Index rows = at[1].get<Eigen::Index>(), cols = at[2].get<Eigen::Index>();
    if (rows < 0 || cols < 0) rows = cols = 0;  // read_lesson reports the empty matrix
    Matrix m(rows, cols);
    std::copy(data, data + rows * cols, m.data());
    out[name] = std::move(m);
  }
  return out;
}

json heads_info(const std::vector<HeadTrace>& heads) {
  json out = json::array();
  for (const auto& h : heads) {
    out.push_back({{"Q", place(h.Q)},
                   {"K", place(h.K)},
                   {"V", place(h.V)},
                   {"scores", place(h.scores)},
                   {"scaled", place(h.scaled)},
                   {"masked", place(h.masked)},
                   {"weights", place(h.weights)},
                   {"Z", place(h.Z)},
                   {"exp", place(h.softmax.exp)},
                   {"max", place(h.softmax.max)},
                   {"sum", place(h.softmax.sum)},
                   {"emptyRows", h.empty_rows}});
    if (!h.given_rows.empty()) out.back()["givenRows"] = h.given_rows;
  }
  return out;
}

json norm_info(const NormTrace& n) {
  return {
      {"mean", place(n.mean)}, {"var", place(n.var)}, {"normalized", place(n.normalized)}, {"output", place(n.output)}};
}

// The Transformer parts of a trace (positions, source, cross-attention, the layer), where the trace has them.
void transformer_info(const Trace& trace, json& info) {
  if (trace.P.size() > 0) {
    info["P"] = place(trace.P);
    info["XplusP"] = place(trace.X_plus_P);
  }
  if (trace.source_tokens) info["source"] = {{"tokens", *trace.source_tokens}, {"X", place(trace.source_X)}};
  if (trace.cross) {
    const AttentionTrace& c = *trace.cross;
    info["cross"] = {
        {"dK", c.d_k},
        {"dV", c.d_v},
        {"divisor", c.divisor},
        {"visible", {reinterpret_cast<std::uintptr_t>(c.visible.data()), c.visible.rows(), c.visible.cols()}},
        {"headTraces", heads_info(c.head)},
        {"concat", place(c.concat)},
        {"output", place(c.output)}};
  }
  if (trace.layer) {
    const LayerTrace& l = *trace.layer;
    json layer{{"norm", norm_name(l.norm)},
               {"activation", activation_name(l.activation)},
               {"eps", l.eps},
               {"input", place(l.input)},
               {"attention", place(l.attention)},
               {"sum1", place(l.sum1)},
               {"norm1", norm_info(l.norm1)},
               {"ffnHidden", place(l.ffn.hidden)},
               {"ffnActivated", place(l.ffn.activated)},
               {"ffnOutput", place(l.ffn.output)},
               {"sum2", place(l.sum2)},
               {"norm2", norm_info(l.norm2)},
               {"output", place(l.output)}};
    if (trace.cross) {
      layer["crossAttention"] = place(l.cross_attention);
      layer["sum3"] = place(l.sum3);
      layer["norm3"] = norm_info(l.norm3);
    }
    info["layer"] = std::move(layer);
  }
}

json vector_json(const Vector& v) { return numbers_json(std::vector<double>(v.data(), v.data() + v.size())); }

// Decoding a causal lesson with a KV cache, every position: what a decoder computes at each step t.
json decode_json(const Lesson& lesson, const Trace& trace) {
  json steps = json::array();
  for (int t = 0; t < trace.X.rows(); ++t) {
    const auto step = decode_step(lesson, trace, t);
    if (!step) return nullptr;
    json heads = json::array();
    for (const auto& h : step->heads)
      heads.push_back({{"q", vector_json(h.q)},
                       {"k", vector_json(h.k)},
                       {"v", vector_json(h.v)},
                       {"scores", vector_json(h.scores)},
                       {"weights", vector_json(h.weights)},
                       {"z", vector_json(h.z)}});
    steps.push_back({{"position", step->position},
                     {"heads", std::move(heads)},
                     {"output", vector_json(step->output)},
                     {"multiplyAdds", step->multiply_adds},
                     {"withoutCache", step->without_cache}});
  }
  return steps;
}

// The scale rule the trace used: "sqrt_dk", "none" or the lesson's number (what an export writes as its divisor).
json scale_json(const Trace& trace) {
  if (trace.scale == ScaleKind::value) return trace.scale_value;
  return trace.scale == ScaleKind::none ? "none" : "sqrt_dk";
}

// Everything about a trace in one answer: the scalars, and where each matrix lies (valid until the trace is freed
// or used as the previous one of the next), so JavaScript copies them all out after a single call.
json trace_info(const Trace& trace) {
  json info{{"handle", reinterpret_cast<std::uintptr_t>(&trace)},
            {"tokens", trace.tokens},
            {"dModel", trace.d_model},
            {"dK", trace.d_k},
            {"dV", trace.d_v},
            {"heads", trace.heads},
            {"score", score_name(trace.score)},
            {"scale", scale_json(trace)},
            {"divisor", trace.divisor},
            {"tokenIds", nullptr},
            {"vocab", nullptr}};
  if (trace.token_ids) info["tokenIds"] = *trace.token_ids;
  if (trace.vocab) info["vocab"] = *trace.vocab;
  info["unchanged"] = trace.unchanged;
  info["visible"] = reinterpret_cast<std::uintptr_t>(trace.visible.data());
  // A matrix that is a copy of another by construction is placed at the other's address, so JavaScript copies its
  // numbers out once without comparing them (that took 4–9% of engine.trace()): one head's concatenation is its Z,
  // the output without W_O is the concatenation (core/multi_head.cpp), the lesson's X is the trace's X.
  const Matrix& concat = trace.head.size() == 1 ? trace.head[0].Z : trace.concat;
  info["X"] = place(trace.X);
  info["concat"] = place(concat);
  info["output"] = place(trace.inputs.count("W_O") ? trace.output : concat);
  info["inputs"] = json::object();
  for (const auto& [name, m] : trace.inputs) info["inputs"][name] = place(name == "X" ? trace.X : m);
  info["headTraces"] = heads_info(trace.head);
  info["visibleShape"] = {trace.visible.rows(), trace.visible.cols()};
  transformer_info(trace, info);
  return info;
}

// A decoded fragment or payload: {ok: true, version, state} | {ok: false, empty: true} | {ok: false, message}.
char* decoded(DecodedFragment d) {
  if (d.kind == DecodedFragment::Kind::empty) return answer(R"({"ok":false,"empty":true})");
  if (d.kind == DecodedFragment::Kind::problem)
    return answer(dump({{"ok", false}, {"message", d.message}, {"code", d.code}, {"params", params_json(d.params)}}));
  // state_json is JSON text already, cut from the link so that JSON.parse reads the lesson as it always did
  return answer("{\"ok\":true,\"version\":" + std::to_string(d.version) + ",\"state\":" + d.state_json + "}");
}
}  // namespace

extern "C" {

// The seeded draws lent from one lesson to the next (core/seeded_draws.hpp): the caller keeps one per sequence of
// edits, passes it to attn_trace and attn_plan (or 0 for none) and frees it.
EMSCRIPTEN_KEEPALIVE SeededDraws* attn_draws_new() { return new SeededDraws(); }
EMSCRIPTEN_KEEPALIVE void attn_draws_free(SeededDraws* draws) { delete draws; }

// A lesson computed: {"ok": true, "value": trace info with its "handle"} or the lesson's problems. `previous`
// (a handle, or 0) lends the steps an edit did not touch; it is left empty, so the caller frees it next.
EMSCRIPTEN_KEEPALIVE char* attn_trace(const char* lesson_json, const char* typed_json, Trace* previous,
                                      SeededDraws* draws) {
  Lesson lesson;
  const Problems found = read_lesson(lesson_json, typed_matrices(typed_json), lesson, draws);
  if (!found.empty()) return refused(found);
  const MaskKind mask = lesson.mask;
  auto* trace = new Trace(compute_trace(std::move(lesson), previous));
  json info = trace_info(*trace);
  info["mask"] = mask_name(mask);  // the lesson's mask by its form, so the page never parses the field itself
  return answer(dump({{"ok", true}, {"value", info}}));
}

EMSCRIPTEN_KEEPALIVE void attn_trace_free(Trace* trace) { delete trace; }

// Reads and checks a lesson without computing it: {"ok": true, "value": {"work", "numbers"}} (core/trace_size.hpp:
// the page checks a big lesson here and computes it in a Worker) or the lesson's problems.
EMSCRIPTEN_KEEPALIVE char* attn_plan(const char* lesson_json, const char* typed_json, SeededDraws* draws) {
  Lesson lesson;
  const Problems found = read_lesson(lesson_json, typed_matrices(typed_json), lesson, draws);
  if (!found.empty()) return refused(found);
  return answer(dump({{"ok", true}, {"value", {{"work", trace_work(lesson)}, {"numbers", trace_numbers(lesson)}}}}));
}

// The arithmetic behind one cell of the trace `trace` (a handle). kind: "score" (i, j), "softmax" (i), "output"
// (i, j = t), "Q" / "K" / "V" (i, j = t). "null" when out of range.
EMSCRIPTEN_KEEPALIVE char* attn_explain(const Trace* trace, const char* kind, int head, int i, int j) {
  const std::string k = kind;
  json out = nullptr;
  if (!trace) return answer("null");
  if (k == "score") {
    if (auto e = explain_score(*trace, head, i, j)) {
      out = {{"head", head},
             {"i", i},
             {"j", j},
             {"score", score_name(e->score)},
             {"terms", terms_json(e->terms)},
             {"dot", e->dot},
             {"sum", e->sum},
             {"divisor", e->divisor},
             {"scaled", e->scaled},
             {"hidden", e->hidden}};
      if (e->score == ScoreKind::cosine) {
        out["qNorm"] = e->q_norm;
        out["kNorm"] = e->k_norm;
      }
    }
  } else if (k == "softmax") {
    if (auto e = explain_softmax(*trace, head, i)) {
      out = {{"head", head},     {"i", i},        {"max", json_number(e->max)}, {"shifted", numbers_json(e->shifted)},
             {"exp", e->exp},    {"sum", e->sum}, {"weights", e->weights},      {"hidden", e->hidden},
             {"empty", e->empty}};
      if (!e->given.empty()) out["given"] = e->given;  // a row the lesson gave literally
    }
  } else if (k == "Q" || k == "K" || k == "V") {
    if (auto e = explain_projection(*trace, k[0], head, i, j))
      out = {{"head", head}, {"i", i}, {"t", j}, {"column", e->column}, {"terms", terms_json(e->terms)},
             {"sum", e->sum}};
  } else if (k == "cross_score") {
    if (auto e = explain_cross_score(*trace, head, i, j))
      out = {{"head", head},
             {"i", i},
             {"j", j},
             {"score", "scaled_dot"},
             {"terms", terms_json(e->terms)},
             {"dot", e->sum},
             {"sum", e->sum},
             {"divisor", e->divisor},
             {"scaled", e->scaled},
             {"hidden", e->hidden}};
  } else if (k == "norm1" || k == "norm2" || k == "norm3") {
    if (auto e = explain_norm(*trace, k[4] - '0', i, j))
      out = {{"norm", k[4] - '0'},
             {"i", i},
             {"c", j},
             {"row", e->row},
             {"mean", e->mean},
             {"var", e->var},
             {"eps", e->eps},
             {"root", e->root},
             {"x", e->x},
             {"normalized", e->normalized},
             {"gamma", e->gamma},
             {"beta", e->beta},
             {"output", e->output}};
  } else if (k == "ffn_hidden" || k == "ffn_output") {
    if (auto e = k == "ffn_hidden" ? explain_ffn_hidden(*trace, i, j) : explain_ffn_output(*trace, i, j))
      out = {{"i", i},          {"t", j},        {"terms", terms_json(e->terms)},
             {"bias", e->bias}, {"sum", e->sum}, {"activated", e->activated}};
  } else if (k == "output") {
    if (auto e = explain_output(*trace, head, i, j))
      out = {{"head", head}, {"i", i}, {"t", j}, {"terms", terms_json(e->terms)}, {"sum", e->sum}};
  }
  return answer(dump(out));
}

// A causal lesson decoded one position at a time with a KV cache: {"ok": true, "value": [step, …]} (null when the
// lesson is not a causal self-attention of the six steps) or the lesson's problems.
EMSCRIPTEN_KEEPALIVE char* attn_decode(const char* lesson_json, const char* typed_json) {
  Lesson lesson;
  const Problems found = read_lesson(lesson_json, typed_matrices(typed_json), lesson);
  if (!found.empty()) return refused(found);
  const Trace trace = compute_trace(lesson);
  return answer(dump({{"ok", true}, {"value", decode_json(lesson, trace)}}));
}

EMSCRIPTEN_KEEPALIVE char* attn_tokenize(const char* sentence) { return answer(dump(json(tokenize(sentence)))); }

// A link's fragment (location.hash), as decoded(); the state's lesson still has to pass attn_plan.
EMSCRIPTEN_KEEPALIVE char* attn_decode_fragment(const char* fragment) { return decoded(decode_fragment(fragment)); }

// A state payload as a link holds it (JSON text, what "#v2=" unpacks to), as decoded(). The page reads the copy it
// kept of a state too large for a link with it.
EMSCRIPTEN_KEEPALIVE char* attn_read_payload(const char* payload_json) {
  return decoded(decode_v2_payload(payload_json));
}

// The CLI's trace as an answer of its own: {"ok":true,"value":<the trace JSON>} or {"ok":false,"problems":[…]},
// refused past the CLI's cap on what one trace prints.
EMSCRIPTEN_KEEPALIVE char* attn_trace_json(const char* lesson_json) {
  Lesson lesson;
  const Problems found = read_lesson(lesson_json, lesson);
  if (!found.empty()) return refused(found);
  if (const auto too_large = trace_too_large(lesson)) return refused({*too_large});
  return answer("{\"ok\":true,\"value\":" + trace_to_json(compute_trace(std::move(lesson))) + "}");
}

}  // extern "C"
