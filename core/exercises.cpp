#include "exercises.hpp"

#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "attention.hpp"
#include "exercise_text.hpp"
#include "exercises_concepts.hpp"
#include "lesson_json.hpp"
#include "numpy_random.hpp"
#include "portable_math.hpp"
#include "positions.hpp"
#include "softmax.hpp"
#include "steps.hpp"

namespace attnlab {
namespace {

using namespace sheet;  // (core/exercise_text.hpp: rows, answers, messages)

std::string num(double v) { return exercise_number(v); }
std::string iso(const std::string& token) { return isolated(token); }

json col_of(const Matrix& m, Eigen::Index c) {
  json out = json::array();
  for (Eigen::Index r = 0; r < m.rows(); ++r) out.push_back(m(r, c));
  return out;
}
json vector(const std::vector<double>& v) { return {{"type", "vector"}, {"values", v}}; }

std::vector<double> softmax(const std::vector<double>& s) {
  Matrix m(1, static_cast<Eigen::Index>(s.size()));
  for (std::size_t j = 0; j < s.size(); ++j) m(0, static_cast<Eigen::Index>(j)) = s[j];
  const Matrix w = softmax_rows(m).weights;
  return {w.data(), w.data() + w.size()};
}

class Generator {
 public:
  Generator(const ExerciseSet& set, std::uint32_t seed) : set_(set), rng_(seed) {
    read_lesson(lesson_for_seed(set, seed), lesson_);
    trace_ = compute_trace(lesson_);
  }

  json generate(const ExerciseSpec& spec) {
    json e{{"id", spec.id},
           {"kind", exercise_kind_name(spec.kind)},
           {"tolerance", spec.tolerance.value_or(set_.tolerance)},
           {"mistakes", json::array()}};
    const HeadTrace& h = trace_.head[static_cast<std::size_t>(spec.head)];
    const int i = spec.query.value_or(pick(n())), j = spec.key.value_or(pick(n()));
    const auto& tok = trace_.tokens;
    switch (spec.kind) {
      case ExerciseKind::score: {
        json steps = json::array();
        std::string sum;
        for (Eigen::Index t = 0; t < h.Q.cols(); ++t)
          sum += (t ? " + " : "") + num(h.Q(i, t)) + "\u00b7" + num(h.K(j, t));
        prompt(e,
               "Compute the raw score of query \"" + iso(tok[i]) + "\" against key \"" + iso(tok[j]) +
                   "\": multiply q and k entry by entry and add the products.",
               "score.prompt", {{"query", tok[i]}, {"key", tok[j]}});
        e["given"] = {{"q", row_of(h.Q, i)}, {"k", row_of(h.K, j)}, {"query", i}, {"key", j}};
        e["answer"] = number(h.scores(i, j));
        e["mistakes"].push_back(mistake(number(h.scaled(i, j)),
                                        "That is the scaled score: the raw score comes before dividing by \u221ad_k.",
                                        "score.hintScaled"));
        e["mistakes"].push_back(mistake(number(-h.scores(i, j)),
                                        "The sign is flipped: check the signs of the products.", "score.hintSign"));
        e["solution"] = {"q \u00b7 k = " + sum, "= " + num(h.scores(i, j))};
        e["solution_keys"] = {formula, formula};
        break;
      }
      case ExerciseKind::scaled_score: {
        const double s = h.scores(i, j), dk = trace_.d_k;
        prompt(e,
               "The raw score of \"" + iso(tok[i]) + "\" against \"" + iso(tok[j]) + "\" is " + num(s) +
                   " and d_k = " + std::to_string(trace_.d_k) + ". Scale it.",
               "scaledScore.prompt", {{"query", tok[i]}, {"key", tok[j]}, {"score", s}, {"dk", trace_.d_k}});
        e["given"] = {{"score", s}, {"d_k", trace_.d_k}, {"query", i}, {"key", j}};
        e["answer"] = number(s / std::sqrt(dk));
        e["mistakes"].push_back(
            mistake(number(s / dk), "You divided by d_k instead of \u221ad_k.", "scaledScore.hintDk"));
        e["mistakes"].push_back(
            mistake(number(s), "The score is unchanged: divide it by \u221ad_k.", "scaledScore.hintUnchanged"));
        e["mistakes"].push_back(mistake(number(s * std::sqrt(dk)), "You multiplied by \u221ad_k: scaling divides.",
                                        "scaledScore.hintMultiplied"));
        e["solution"] = {"\u221ad_k = \u221a" + std::to_string(trace_.d_k) + " = " + num(std::sqrt(dk)),
                         num(s) + " \u00f7 " + num(std::sqrt(dk)) + " = " + num(s / std::sqrt(dk))};
        e["solution_keys"] = {formula, formula};
        break;
      }
      case ExerciseKind::softmax_row: {
        std::vector<double> s = spec.scores.value_or(std::vector<double>{});
        if (s.empty())
          for (Eigen::Index c = 0; c < h.scaled.cols(); ++c) s.push_back(h.scaled(i, c));
        const auto w = softmax(s);
        double max = s[0], total = 0, plain = 0;
        for (double v : s) max = std::max(max, v);
        json steps = json::array({"Subtract the largest score, " + num(max) +
                                  ", from every score (this changes nothing but keeps exp small)."});
        std::string exps;
        for (double v : s) {
          total += portable_exp(v - max);
          plain += v;
          exps += (exps.empty() ? "" : ", ") + ("exp(" + num(v - max) + ") = " + num(portable_exp(v - max)));
        }
        steps.push_back(exps);
        steps.push_back("Sum: " + num(total));
        std::string divided;
        for (double x : w) divided += (divided.empty() ? "" : ", ") + num(x);
        steps.push_back("Divide each by the sum: " + divided + " (they add up to 1).");
        e["solution_keys"] = {say("softmaxRow.subtractMax", {{"max", max}}), formula,
                              say("softmaxRow.sum", {{"sum", total}}), say("softmaxRow.divide", {{"weights", w}})};
        if (spec.scores) prompt(e, "Compute the softmax of these scores.", "softmaxRow.promptScores");
        else
          prompt(e, "Compute the attention weights of query \"" + iso(tok[i]) + "\" from its scaled scores.",
                 "softmaxRow.promptQuery", {{"query", tok[i]}});
        e["given"] = {{"scores", s}};
        if (!spec.scores) e["given"]["query"] = i;
        e["answer"] = vector(w);
        std::vector<double> normalized;
        for (double v : s) normalized.push_back(v / plain);
        if (std::abs(plain) > 1e-9)
          e["mistakes"].push_back(mistake(vector(normalized),
                                          "You divided the scores by their sum without exponentiating them first.",
                                          "softmaxRow.hintNoExp"));
        e["solution"] = steps;
        break;
      }
      case ExerciseKind::output_cell: {
        const int t = spec.dim.value_or(pick(static_cast<int>(h.V.cols())));
        double average = 0;
        std::string terms;
        for (Eigen::Index r = 0; r < h.V.rows(); ++r) {
          average += h.V(r, t) / static_cast<double>(h.V.rows());
          terms += (r ? " + " : "") + num(h.weights(i, r)) + "\u00b7" + num(h.V(r, t));
        }
        prompt(e,
               "Compute dimension " + std::to_string(t + 1) + " of the output of \"" + iso(tok[i]) +
                   "\": weight each value's entry by the attention weight and add.",
               "outputCell.prompt", {{"dim", t + 1}, {"query", tok[i]}});
        e["given"] = {{"weights", row_of(h.weights, i)}, {"values", col_of(h.V, t)}, {"query", i}, {"dim", t}};
        e["answer"] = number(h.Z(i, t));
        e["mistakes"].push_back(mistake(
            number(average), "That is a plain average of the values: multiply each by its attention weight instead.",
            "outputCell.hintAverage"));
        e["solution"] = {"Z[" + iso(tok[i]) + "][" + std::to_string(t + 1) + "] = " + terms, "= " + num(h.Z(i, t))};
        e["solution_keys"] = {formula, formula};
        break;
      }
      case ExerciseKind::predict_max: {
        Eigen::Index best;
        h.weights.row(i).maxCoeff(&best);
        prompt(e, "Before you look at the heatmap: which key will query \"" + iso(tok[i]) + "\" attend to most?",
               "predictMax.prompt", {{"query", tok[i]}});
        e["given"] = {{"query", i}, {"tokens", tok}, {"q", row_of(h.Q, i)}, {"K", json::array()}};
        for (Eigen::Index r = 0; r < h.K.rows(); ++r) e["given"]["K"].push_back(row_of(h.K, r));
        e["answer"] = {{"type", "choice"}, {"index", best}, {"choices", tok}};
        e["solution"] = {
            "The largest raw score q\u00b7k wins: scaling divides every score of the row by the same number "
            "and softmax keeps their order.",
            "Scores of \"" + iso(tok[i]) + "\": " + list(h.scores, i) + ", so \"" + iso(tok[best]) +
                "\" gets the largest weight, " + num(h.weights(i, best)) + "."};
        e["solution_keys"] = {say("predictMax.largestWins"),
                              say("predictMax.scoresOf", {{"query", tok[i]},
                                                          {"scores", row_of(h.scores, i)},
                                                          {"best", tok[static_cast<std::size_t>(best)]},
                                                          {"weight", h.weights(i, best)}})};
        break;
      }
      case ExerciseKind::mask_zeros: {
        Lesson masked = lesson_;
        masked.mask = spec.mask;
        masked.padding = spec.padding;
        const Trace t = compute_trace(masked);
        const HeadTrace& mh = t.head[static_cast<std::size_t>(spec.head)];
        // Causal: a later query has something to hide; padding: any query.
        const int q = spec.query.value_or(spec.mask == MaskKind::causal ? std::min(n() - 1, pick(std::max(1, n() - 1)))
                                                                        : pick(n()));
        json zeros = json::array();
        std::vector<double> weights;
        for (Eigen::Index c = 0; c < mh.weights.cols(); ++c) {
          if (!t.visible(q, c)) zeros.push_back(c);
          weights.push_back(mh.weights(q, c));
        }
        prompt(e,
               std::string("Apply a ") + (spec.mask == MaskKind::causal ? "causal" : "padding") + " mask to query \"" +
                   iso(tok[q]) + "\": which weights become exactly 0, and what are the others?",
               spec.mask == MaskKind::causal ? "maskZeros.promptCausal" : "maskZeros.promptPadding",
               {{"query", tok[q]}});
        e["given"] = {{"query", q},
                      {"scaled", row_of(h.scaled, q)},
                      {"tokens", tok},
                      {"mask", spec.mask == MaskKind::causal ? json("causal") : json({{"padding", spec.padding}})}};
        e["answer"] = {{"type", "mask"}, {"zeros", zeros}, {"weights", weights}};
        e["mistakes"].push_back(mistake({{"type", "mask"}, {"zeros", zeros}, {"weights", row_of(h.weights, q)}},
                                        "The hidden keys are right, but the remaining weights must be renormalised: "
                                        "softmax runs over the visible keys only, so they sum to 1.",
                                        "maskZeros.hintRenormalise"));
        e["solution"] = {"Hidden keys get \u2212\u221e before softmax, and exp(\u2212\u221e) = 0 exactly.",
                         "Softmax over the visible scores only: " + list(mh.weights, q) + "."};
        e["solution_keys"] = {say("maskZeros.minusInfinity"), say("maskZeros.visibleOnly", {{"weights", weights}})};
        break;
      }
      case ExerciseKind::why_scale: {
        // q and four keys with unit-variance entries: raw scores have variance d_k.
        std::vector<double> q(static_cast<std::size_t>(spec.d_k)), raw, scaled;
        for (double& x : q) x = rng_.randn();
        for (int key = 0; key < 4; ++key) {
          double s = 0;
          for (double x : q) s += x * rng_.randn();
          raw.push_back(s);
          scaled.push_back(s / std::sqrt(static_cast<double>(spec.d_k)));
        }
        const auto w_raw = softmax(raw), w_scaled = softmax(scaled);
        const double max_raw = *std::max_element(w_raw.begin(), w_raw.end());
        const double max_scaled = *std::max_element(w_scaled.begin(), w_scaled.end());
        e["given"] = {{"d_k", spec.d_k}, {"scores", raw}};
        if (spec.choice) {
          json choices = {
              "It saturates: one weight is close to 1, the others close to 0, and the gradients almost vanish",
              "It becomes uniform: every key gets the same weight",
              "Nothing changes: softmax does not care about the size of its inputs", "Some weights become negative"};
          json choice_keys = {"whyScale.choiceSaturates", "whyScale.choiceUniform", "whyScale.choiceNothing",
                              "whyScale.choiceNegative"};
          const int at = pick(4);
          std::swap(choices[0], choices[static_cast<std::size_t>(at)]);
          std::swap(choice_keys[0], choice_keys[static_cast<std::size_t>(at)]);
          prompt(e,
                 "These raw scores come from vectors with d_k = " + std::to_string(spec.d_k) +
                     ". What happens to the softmax if they are not divided by \u221ad_k?",
                 "whyScale.promptChoice", {{"dk", spec.d_k}});
          e["answer"] = {{"type", "choice"}, {"index", at}, {"choices", choices}};
          e["choice_keys"] = choice_keys;  // beside the answer: results codes and the judge keep its shape
        } else {
          prompt(e,
                 "These raw scores come from vectors with d_k = " + std::to_string(spec.d_k) +
                     ". Without scaling, what is the largest softmax weight?",
                 "whyScale.promptNumeric", {{"dk", spec.d_k}});
          e["answer"] = number(max_raw);
          e["mistakes"].push_back(mistake(number(max_scaled),
                                          "That is the largest weight after scaling: the question asks without it.",
                                          "whyScale.hintScaled"));
        }
        e["solution"] = {
            "Dot products of d_k unit-variance entries have variance d_k, so these scores are about \u00b1\u221a" +
                std::to_string(spec.d_k) + " \u2248 \u00b1" + num(std::sqrt(static_cast<double>(spec.d_k))) + ".",
            "Unscaled, the largest weight is " + num(max_raw) + "; divided by \u221ad_k it is " + num(max_scaled) + ".",
            "A saturated softmax has a near-zero Jacobian, so almost no gradient flows back: scaling keeps the "
            "variance near 1."};
        e["solution_keys"] = {
            say("whyScale.variance", {{"dk", spec.d_k}, {"root", std::sqrt(static_cast<double>(spec.d_k))}}),
            say("whyScale.largest", {{"raw", max_raw}, {"scaled", max_scaled}}), say("whyScale.saturated")};
        break;
      }
      case ExerciseKind::multihead_shapes: {
        const int hh = trace_.heads, dk = trace_.d_k, dv = trace_.d_v, d = trace_.d_model;
        const Matrix* W_O = lesson_.find("W_O");
        const int d_out = W_O ? static_cast<int>(W_O->cols()) : hh * dv;
        prompt(e,
               "n = " + std::to_string(n()) + " tokens, d_model = " + std::to_string(d) +
                   ", h = " + std::to_string(hh) + (hh == 1 ? " head" : " heads") +
                   " with d_k = " + std::to_string(dk) + " and d_v = " + std::to_string(dv) + ", output width " +
                   std::to_string(d_out) + ". Give the shapes of Q_i, K_i, V_i, the concatenation and W_O.",
               "multiheadShapes.prompt",  // count: the heads, for the plural
               {{"n", n()}, {"dModel", d}, {"count", hh}, {"dk", dk}, {"dv", dv}, {"dOut", d_out}});
        e["given"] = {{"n", n()}, {"d_model", d}, {"heads", hh}, {"d_k", dk}, {"d_v", dv}, {"d_out", d_out}};
        e["answer"] = {{"type", "shapes"},
                       {"shapes",
                        {{"Q", {n(), dk}},
                         {"K", {n(), dk}},
                         {"V", {n(), dv}},
                         {"concat", {n(), hh * dv}},
                         {"W_O", {hh * dv, d_out}}}}};
        e["mistakes"].push_back(mistake({{"type", "shapes"},
                                         {"shapes",
                                          {{"Q", {n(), d}},
                                           {"K", {n(), d}},
                                           {"V", {n(), d}},
                                           {"concat", {n(), hh * dv}},
                                           {"W_O", {hh * dv, d_out}}}}},
                                        "Each head projects to d_k (or d_v) columns, not d_model.",
                                        "multiheadShapes.hintDModel"));
        e["solution"] = {
            "Q_i = X\u00b7W_Q^i: (" + std::to_string(n()) + " \u00d7 " + std::to_string(d) + ")\u00b7(" +
                std::to_string(d) + " \u00d7 " + std::to_string(dk) + ") \u2192 " + std::to_string(n()) + " \u00d7 " +
                std::to_string(dk),
            "Concatenating h heads of width d_v gives " + std::to_string(n()) + " \u00d7 " + std::to_string(hh * dv),
            "W_O maps h\u00b7d_v = " + std::to_string(hh * dv) + " columns to " + std::to_string(d_out)};
        e["solution_keys"] = {formula, say("multiheadShapes.concat", {{"n", n()}, {"width", hh * dv}}),
                              say("multiheadShapes.wO", {{"width", hh * dv}, {"dOut", d_out}})};
        break;
      }
      case ExerciseKind::layer_norm_cell: {
        // LN1 of token i, column c: the row it normalised is sum1 (post-norm) or the layer's input (pre-norm)
        const LayerTrace& l = *trace_.layer;
        const int c = spec.dim.value_or(pick(trace_.d_model));
        const Matrix& x = l.norm == NormKind::post ? l.sum1 : l.input;
        const double gamma = (*lesson_.find("layer.ln1.gamma"))(0, c), beta = (*lesson_.find("layer.ln1.beta"))(0, c);
        const double mean = l.norm1.mean(i), var = l.norm1.var(i), d = static_cast<double>(x.cols());
        prompt(e,
               "Layer norm 1, token \"" + iso(tok[i]) + "\", column " + std::to_string(c + 1) +
                   ": subtract the row's mean, divide by \u221a(variance + \u03b5), then multiply by \u03b3 and add "
                   "\u03b2.",
               "layerNormCell.prompt", {{"query", tok[i]}, {"column", c + 1}});
        e["given"] = {{"row", row_of(x, i)}, {"column", c},  {"gamma", gamma},
                      {"beta", beta},        {"eps", l.eps}, {"query", i}};
        e["answer"] = number(l.norm1.output(i, c));
        e["mistakes"].push_back(mistake(number(l.norm1.normalized(i, c)),
                                        "That is the normalised value: multiply it by \u03b3 and add \u03b2.",
                                        "layerNormCell.hintNormalised"));
        if (d > 1)
          e["mistakes"].push_back(
              mistake(number((x(i, c) - mean) / std::sqrt(var * d / (d - 1) + l.eps) * gamma + beta),
                      "You divided the squared distances by d_model \u2212 1: layer norm uses the plain average "
                      "(divide by d_model).",
                      "layerNormCell.hintBessel"));
        e["solution"] = {"mean \u03bc = " + num(mean) + ", variance \u03c3\u00b2 = " + num(var) +
                             " (divided by d_model = " + num(d) + ")",
                         "(" + num(x(i, c)) + " \u2212 " + num(mean) + ") / \u221a(" + num(var) + " + " + num(l.eps) +
                             ") = " + num(l.norm1.normalized(i, c)),
                         num(l.norm1.normalized(i, c)) + " \u00d7 " + num(gamma) + " + " + num(beta) + " = " +
                             num(l.norm1.output(i, c))};
        e["solution_keys"] = {say("layerNormCell.meanVar", {{"mean", mean}, {"variance", var}, {"d", d}}), formula,
                              formula};
        break;
      }
      case ExerciseKind::residual_sum: {
        const LayerTrace& l = *trace_.layer;
        const int c = spec.dim.value_or(pick(trace_.d_model));
        prompt(e,
               "The residual connection around self-attention, token \"" + iso(tok[i]) + "\", column " +
                   std::to_string(c + 1) + ": add the attention's output to what went in.",
               "residualSum.prompt", {{"query", tok[i]}, {"column", c + 1}});
        e["given"] = {{"input", l.input(i, c)}, {"attention", l.attention(i, c)}, {"column", c}, {"query", i}};
        e["answer"] = number(l.sum1(i, c));
        e["mistakes"].push_back(
            mistake(number(l.attention(i, c)),
                    "That is the attention's output alone: the residual connection adds the input to it.",
                    "residualSum.hintAttentionOnly"));
        e["mistakes"].push_back(mistake(number(l.input(i, c) - l.attention(i, c)), "Add the two, do not subtract.",
                                        "residualSum.hintSubtract"));
        e["solution"] = {"x + MHA(x) = " + num(l.input(i, c)) + " + " + num(l.attention(i, c)) + " = " +
                         num(l.sum1(i, c))};
        e["solution_keys"] = json::array({formula});
        break;
      }
      case ExerciseKind::ffn_cell: {
        const LayerTrace& l = *trace_.layer;
        const Matrix& W = *lesson_.find("layer.W_ff1");
        const Matrix* b = lesson_.find("layer.b_ff1");
        const int u = spec.dim.value_or(pick(static_cast<int>(W.cols())));
        // what the FFN read: the stream after the attention sub-layers, or (pre-norm) its norm
        const Matrix& in = l.norm == NormKind::post ? (trace_.cross ? l.norm2.output : l.norm1.output)
                                                    : (trace_.cross ? l.norm3.output : l.norm2.output);
        const double bias = b ? (*b)(0, u) : 0.0, pre = l.ffn.hidden(i, u), act = l.ffn.activated(i, u);
        const bool relu = l.activation == Activation::relu;
        std::string terms;
        for (Eigen::Index t = 0; t < in.cols(); ++t)
          terms += (t ? " + " : "") + num(in(i, t)) + "\u00b7" + num(W(t, u));
        prompt(e,
               "Hidden unit " + std::to_string(u + 1) + " of the feed-forward network for \"" + iso(tok[i]) +
                   "\": the row times column " + std::to_string(u + 1) + " of W_ff1, plus b_ff1, through " +
                   (relu ? "ReLU" : "GELU (x\u00b7\u03a6(x))") + ".",
               relu ? "ffnCell.promptRelu" : "ffnCell.promptGelu", {{"unit", u + 1}, {"query", tok[i]}});
        e["given"] = {{"x", row_of(in, i)}, {"w", col_of(W, u)},
                      {"bias", bias},       {"activation", activation_name(l.activation)},
                      {"unit", u},          {"query", i}};
        e["answer"] = number(act);
        e["mistakes"].push_back(mistake(number(pre),
                                        relu ? "That is before the activation: ReLU keeps it only if it is positive."
                                             : "That is before the activation: apply GELU to it.",
                                        relu ? "ffnCell.hintBeforeRelu" : "ffnCell.hintBeforeGelu"));
        if (relu)
          e["mistakes"].push_back(
              mistake(number(std::max(0.0, pre - bias)), "Add the bias b_ff1 too.", "ffnCell.hintBias"));
        e["solution"] = {"x \u00b7 w + b = " + terms + " + " + num(bias) + " = " + num(pre),
                         std::string(relu ? "ReLU" : "GELU") + "(" + num(pre) + ") = " + num(act)};
        e["solution_keys"] = {formula, formula};
        break;
      }
      case ExerciseKind::cross_shapes: {
        const int m = static_cast<int>(lesson_.source->tokens.size()), hh = trace_.heads, d = trace_.d_model;
        const AttentionTrace* c = trace_.cross ? &*trace_.cross : nullptr;
        const int dk = c ? c->d_k : trace_.d_k, dv = c ? c->d_v : trace_.d_v;
        prompt(e,
               "A cross-attention: n = " + std::to_string(n()) + " target tokens, m = " + std::to_string(m) +
                   " source tokens, d_model = " + std::to_string(d) + ", d_k = " + std::to_string(dk) +
                   ", d_v = " + std::to_string(dv) + ". Give the shapes of one head's Q, K, V, its scores and its Z.",
               "crossShapes.prompt", {{"n", n()}, {"m", m}, {"dModel", d}, {"dk", dk}, {"dv", dv}});
        e["given"] = {{"n", n()}, {"m", m}, {"d_model", d}, {"heads", hh}, {"d_k", dk}, {"d_v", dv}};
        const auto shapes = [&](int kv_rows, int score_cols) {
          return json{{"type", "shapes"},
                      {"shapes",
                       {{"Q", {n(), dk}},
                        {"K", {kv_rows, dk}},
                        {"V", {kv_rows, dv}},
                        {"scores", {n(), score_cols}},
                        {"Z", {n(), dv}}}}};
        };
        e["answer"] = shapes(m, m);
        e["mistakes"].push_back(mistake(shapes(n(), n()),
                                        "Keys and values come from the source: m rows, and the scores are n \u00d7 m.",
                                        "crossShapes.hintSource"));
        e["mistakes"].push_back(mistake(shapes(m, n()),
                                        "Scores have a row per query (target) and a column per key "
                                        "(source): n \u00d7 m.",
                                        "crossShapes.hintScores"));
        e["solution"] = {
            "Q = x\u00b7W_Q: " + std::to_string(n()) + " \u00d7 " + std::to_string(dk) + " (queries from the decoder)",
            "K, V = X_src\u00b7W_K, X_src\u00b7W_V: " + std::to_string(m) + " rows (keys and values from the source)",
            "scores = Q\u00b7K\u1d40: " + std::to_string(n()) + " \u00d7 " + std::to_string(m) +
                "; Z = A\u00b7V: " + std::to_string(n()) + " \u00d7 " + std::to_string(dv)};
        e["solution_keys"] = {say("crossShapes.q", {{"n", n()}, {"dk", dk}}), say("crossShapes.kv", {{"m", m}}),
                              formula};
        break;
      }
      case ExerciseKind::sinusoidal_entry: {
        const int d = trace_.d_model, c = spec.dim.value_or(pick(d)), p = i;
        const Matrix P = sinusoidal_positions(n(), d);
        const int pair = c / 2;
        // (portable sin and cos, as the engine's P: a sheet is the same bytes natively and in wasm)
        const double ln_10000 = 9.2103403719761836;
        const double angle = p * portable_exp(2.0 * pair * (-ln_10000 / d)),
                     flat = p * portable_exp(1.0 * c * (-ln_10000 / d));
        prompt(e,
               "The sinusoidal position encoding P[" + std::to_string(p) + "][" + std::to_string(c) + "] (position " +
                   std::to_string(p) + ", column " + std::to_string(c) +
                   ", counting from 0, d_model = " + std::to_string(d) + "). Angles in radians.",
               "sinusoidalEntry.prompt", {{"position", p}, {"column", c}, {"dModel", d}});
        e["given"] = {{"position", p}, {"column", c}, {"d_model", d}, {"query", i}};
        e["answer"] = number(P(p, c));
        e["mistakes"].push_back(mistake(number(c % 2 ? portable_sin(angle) : portable_cos(angle)),
                                        "Even columns take the sine, odd columns the cosine.",
                                        "sinusoidalEntry.hintSinCos"));
        e["mistakes"].push_back(mistake(
            number(c % 2 ? portable_cos(flat) : portable_sin(flat)),
            "The exponent is 2i/d_model with i = \u230acolumn/2\u230b: columns 2i and 2i+1 share one frequency.",
            "sinusoidalEntry.hintExponent"));
        e["solution"] = {"i = \u230a" + std::to_string(c) + "/2\u230b = " + std::to_string(pair) +
                             ", angle = " + std::to_string(p) + " / 10000^(" + std::to_string(2 * pair) + "/" +
                             std::to_string(d) + ") = " + num(angle),
                         std::string(c % 2 ? "cos" : "sin") + "(" + num(angle) + ") = " + num(P(p, c))};
        e["solution_keys"] = {formula, formula};
        break;
      }
      case ExerciseKind::static_contextual:
      case ExerciseKind::bahdanau_alignment:
      case ExerciseKind::mask_purpose:
        concept_exercise(
            spec, lesson_, trace_, [this](int size) { return pick(size); }, rng_, e);
        break;
    }
    if (e.contains("given") && spec.kind != ExerciseKind::why_scale && spec.kind != ExerciseKind::multihead_shapes &&
        spec.kind != ExerciseKind::cross_shapes && spec.kind != ExerciseKind::sinusoidal_entry &&
        spec.kind != ExerciseKind::static_contextual && spec.kind != ExerciseKind::bahdanau_alignment)
      e["given"]["head"] = spec.head;
    // A mistake that gives the right answer (a sign flip of 0, shapes when d_k = d_model) is no mistake.
    json kept = json::array();
    for (auto& m : e["mistakes"])
      if (m["answer"] != e["answer"]) kept.push_back(std::move(m));
    e["mistakes"] = std::move(kept);
    return e;
  }

 private:
  int n() const { return static_cast<int>(trace_.tokens.size()); }
  int pick(int size) { return std::min(size - 1, static_cast<int>(rng_.rand() * size)); }
  static std::string list(const Matrix& m, Eigen::Index r) { return row_text(m, r); }

  const ExerciseSet& set_;
  NumpyRandom rng_;
  Lesson lesson_;
  Trace trace_;
};

}  // namespace

std::string generate_exercises(const ExerciseSet& set, std::uint32_t seed) {
  Generator g(set, seed);
  json out{{"title", set.title},
           {"seed", seed},
           {"visible_steps", set.visible_steps.value_or(attention_step_ids())},
           {"reseed", set.reseed},
           // the lesson this sheet was computed from (the student's seed written in): the page shows it and
           // never reads the set's text itself
           {"lesson", json::parse(lesson_for_seed(set, seed))},
           {"exercises", json::array()}};
  for (const auto& spec : set.exercises) out["exercises"].push_back(g.generate(spec));
  return out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace attnlab
