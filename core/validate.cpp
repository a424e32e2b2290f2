#include "validate.hpp"

#include <algorithm>
#include <set>

#include "given_weights.hpp"
#include "limits.hpp"

namespace attnlab {
namespace {

std::string n_str(std::size_t v) { return std::to_string(v); }

class Checker {
 public:
  Checker(const Lesson& lesson, Problems& problems) : lesson_(lesson), problems_(problems) {}

  void fail(const std::string& field, const char* code, ProblemParams params, const std::string& message) {
    problems_.push_back({field, message, code, std::move(params)});
  }

  // The named matrix must exist and have the given shape (-1 = any). `meaning` explains the expected shape in
  // English; `formula` is its mathematics alone ("n × d_model, n = 3"), what every language's message shows.
  // A matrix that is missing says why it is needed by its own code (`why_code`, with `why_needed` in English).
  const Matrix* expect(const std::string& name, Eigen::Index rows, Eigen::Index cols, const std::string& meaning,
                       const std::string& formula, const std::string& why_needed = "",
                       const char* why_code = codes::matrix_missing, ProblemParams why_params = {}) {
    const std::string field = name == "P" ? "positions" : name;  // where it sits in the JSON
    const Matrix* m = lesson_.find(name);
    if (!m) {
      why_params.emplace_back("formula", formula);
      fail(field, why_code, std::move(why_params),
           "is missing" + (why_needed.empty() ? std::string() : " (" + why_needed + ")") + ": it should be " + meaning);
      return nullptr;
    }
    if ((rows >= 0 && m->rows() != rows) || (cols >= 0 && m->cols() != cols)) {
      auto side = [](Eigen::Index v, const char* any) { return v >= 0 ? std::to_string(v) : std::string(any); };
      const std::string want = side(rows, "any") + " \u00d7 " + side(cols, "any");
      fail(field, codes::shape_mismatch,
           {{"actual", shape_of(*m)},
            {"expected", side(rows, "*") + " \u00d7 " + side(cols, "*")},
            {"formula", formula}},
           "has shape " + shape_of(*m) + " but should be " + want + " (" + meaning + ")");
      return nullptr;
    }
    if (static_cast<std::size_t>(m->cols()) > limits::max_dim)
      fail(field, codes::too_many_columns, {number_param("columns", m->cols()), number_param("max", limits::max_dim)},
           "has " + n_str(m->cols()) + " columns; at most " + n_str(limits::max_dim) + " are allowed");
    return m;
  }

 private:
  const Lesson& lesson_;
  Problems& problems_;
};

// An optional bias: 1 × length, after the projection it belongs to.
void bias(Checker& c, const Lesson& lesson, const std::string& name, Eigen::Index length, const std::string& meaning) {
  if (lesson.find(name))
    c.expect(name, 1, length, "a list of " + meaning + " = " + n_str(length) + " numbers",
             "1 \u00d7 " + meaning + ", " + meaning + " = " + n_str(length));
}

// Positions, biases, a source, cross-attention weights and a whole layer (lesson-format.md, "The Transformer
// layer"): every field named, shapes with both sides.
void validate_transformer(const Lesson& lesson, Eigen::Index d_model, Checker& c) {
  const auto n = static_cast<Eigen::Index>(lesson.tokens.size());
  const std::string dm = "d_model = " + n_str(d_model);
  const int h = lesson.heads;
  if (lesson.positions == PositionKind::learned)
    c.expect("P", n, d_model, "n \u00d7 d_model, one learned position per token (n = " + n_str(n) + ", " + dm + ")",
             "n \u00d7 d_model, n = " + n_str(n) + ", " + dm);
  const Matrix* wq = lesson.find("W_Q");
  const Matrix* wv = lesson.find("W_V");
  bias(c, lesson, "b_Q", wq->cols(), "h\u00b7d_k");
  bias(c, lesson, "b_K", wq->cols(), "h\u00b7d_k");
  bias(c, lesson, "b_V", wv->cols(), "h\u00b7d_v");
  const Matrix* wo = lesson.find("W_O");
  if (lesson.find("b_O")) {
    if (!wo)
      c.fail("b_O", codes::output_bias_needs_projection, {{"projection", "W_O"}},
             "needs W_O: the output bias is added after the output projection");
    else bias(c, lesson, "b_O", wo->cols(), "d_out");
  }

  // The source of a cross-attention: its own rows, or rows of E looked up by its tokens.
  Eigen::Index m = 0;
  if (lesson.source) {
    m = static_cast<Eigen::Index>(lesson.source->tokens.size());
    if (lesson.find("source.X")) {
      c.expect("source.X", m, d_model, "m \u00d7 d_model, one row per source token (m = " + n_str(m) + ", " + dm + ")",
               "m \u00d7 d_model, m = " + n_str(m) + ", " + dm);
    } else if (!lesson.find("E")) {
      c.fail("source.X", codes::source_rows_missing, {},
             "is missing: give the source's rows (m \u00d7 d_model) or an embedding table E to look them up");
    } else if (lesson.vocab) {
      const auto& vocab = *lesson.vocab;
      for (std::size_t i = 0; i < lesson.source->tokens.size(); ++i)
        if (std::find(vocab.begin(), vocab.end(), lesson.source->tokens[i]) == vocab.end())
          c.fail("source.tokens[" + n_str(i) + "]", codes::not_in_vocab, {{"token", lesson.source->tokens[i]}},
                 "\"" + lesson.source->tokens[i] + "\" is not in the vocabulary");
    }
    if (!lesson.source->padding.empty() && static_cast<Eigen::Index>(lesson.source->padding.size()) != m)
      c.fail("source.padding", codes::source_padding_count,
             {number_param("flags", lesson.source->padding.size()), number_param("tokens", m)},
             "has " + n_str(lesson.source->padding.size()) + " flags but there are " + n_str(m) + " source tokens");
    if (static_cast<std::size_t>(n) * static_cast<std::size_t>(m) * static_cast<std::size_t>(h) >
        limits::max_attention_cells)
      c.fail("source", codes::too_many_cross_cells,
             {number_param("cells", static_cast<std::size_t>(n) * m * h),
              number_param("max", limits::max_attention_cells)},
             "n \u00b7 m \u00b7 h = " + n_str(static_cast<std::size_t>(n) * m * h) +
                 " cross-attention cells; at most " + n_str(limits::max_attention_cells) + " are allowed");
  }
  const bool has_cross = lesson.find("cross.W_Q") || lesson.find("cross.W_K") || lesson.find("cross.W_V") ||
                         lesson.find("cross.W_O") || lesson.find("cross.b_Q") || lesson.find("cross.b_K") ||
                         lesson.find("cross.b_V") || lesson.find("cross.b_O");
  if (lesson.cross_only()) {
    if (lesson.mask == MaskKind::causal)
      c.fail("mask", codes::causal_cross_attention, {},
             "cannot be \"causal\" in a cross-attention: queries and keys belong to different sequences");
    if (lesson.score == ScoreKind::location)
      c.fail("score", codes::location_cross_attention, {},
             "\"location\" scores key positions of the lesson's own tokens; a cross-attention cannot use it");
    if (has_cross)
      c.fail("cross", codes::cross_needs_layer, {},
             "needs \"layer\": without a layer the lesson's own weights (W_Q, W_K, W_V) attend over the source");
  }
  const bool has_ln3 = lesson.find("layer.ln3.gamma") || lesson.find("layer.ln3.beta");
  if (!lesson.layer) {
    for (const auto& name : matrix_names())
      if (name.rfind("layer.", 0) == 0 && lesson.find(name)) {
        c.fail(name, codes::belongs_to_layer, {}, "belongs to a layer: give \"layer\" with its norm and activation");
        break;
      }
    if (has_cross && !lesson.source)
      c.fail("cross", codes::cross_needs_source_and_layer, {},
             "needs \"source\" (the sequence to attend over) and \"layer\"");
    return;
  }

  // A whole layer: every sub-layer's output is added to its input, so it must be d_model wide.
  const Eigen::Index d_out = wo ? wo->cols() : wv->cols();
  if (d_out != d_model)
    c.fail(wo ? "W_O" : "W_V", wo ? codes::layer_output_width : codes::layer_needs_output_projection,
           {number_param("columns", d_out), number_param("d_model", d_model)},
           "gives the attention " + n_str(d_out) + " columns, but a layer adds it to its input of " + dm +
               " columns: " + (wo ? "W_O must be h\u00b7d_v \u00d7 d_model" : "give W_O (h\u00b7d_v \u00d7 d_model)"));
  const std::string ln_meaning = "a list of d_model = " + n_str(d_model) + " numbers";
  const char* norms[] = {"layer.ln1", "layer.ln2", "layer.ln3"};
  for (int k = 0; k < (lesson.decoder() ? 3 : 2); ++k)
    for (const char* part : {".gamma", ".beta"}) {
      const std::string name = std::string(norms[k]) + part;
      c.expect(name, 1, d_model, ln_meaning, "1 \u00d7 d_model, " + dm, "a layer normalises after each sub-layer",
               codes::layer_norm_missing);
    }
  if (!lesson.decoder() && has_ln3)
    c.fail("layer.ln3", codes::ln3_needs_decoder, {},
           "belongs to a decoder layer (with \"source\" and \"cross\"); an encoder layer has ln1 and ln2");
  if (const Matrix* w1 =
          c.expect("layer.W_ff1", d_model, -1, "d_model \u00d7 d_ff, " + dm, "d_model \u00d7 d_ff, " + dm,
                   "a layer has a feed-forward network", codes::feed_forward_missing)) {
    const Eigen::Index d_ff = w1->cols();  // at most limits::max_dim, as every column count
    const std::string dff = "d_ff = " + n_str(d_ff);
    bias(c, lesson, "layer.b_ff1", d_ff, "d_ff");
    c.expect("layer.W_ff2", d_ff, d_model, "d_ff \u00d7 d_model, " + dff + ", " + dm,
             "d_ff \u00d7 d_model, " + dff + ", " + dm, "a layer has a feed-forward network",
             codes::feed_forward_missing);
    bias(c, lesson, "layer.b_ff2", d_model, "d_model");
  }
  if (!lesson.decoder()) {
    if (has_cross)
      c.fail("cross", codes::cross_needs_source, {},
             "needs \"source\": a decoder layer's cross-attention attends over the source");
    return;
  }

  // A decoder layer: the cross-attention's own weights, heads as the lesson's.
  if (!has_cross) {
    c.fail("cross", codes::cross_missing, {},
           "is missing: a decoder layer (layer with a source) needs the cross-attention's W_Q, W_K, W_V, W_O");
    return;
  }
  const Matrix* cq =
      c.expect("cross.W_Q", d_model, -1, "d_model \u00d7 h\u00b7d_k, " + dm, "d_model \u00d7 h\u00b7d_k, " + dm,
               "a decoder layer needs it", codes::decoder_weight_missing);
  const Matrix* ck = cq ? c.expect("cross.W_K", d_model, cq->cols(), "the same shape as cross.W_Q",
                                   "d_model \u00d7 h\u00b7d_k = " + shape_of(*cq), "a decoder layer needs it",
                                   codes::decoder_weight_missing)
                        : nullptr;
  const Matrix* cv =
      c.expect("cross.W_V", d_model, -1, "d_model \u00d7 h\u00b7d_v, " + dm, "d_model \u00d7 h\u00b7d_v, " + dm,
               "a decoder layer needs it", codes::decoder_weight_missing);
  if (!cq || !ck || !cv) return;
  if (cq->cols() % h != 0)
    c.fail("cross.W_Q", codes::heads_do_not_divide, {number_param("columns", cq->cols()), number_param("heads", h)},
           "has " + n_str(cq->cols()) + " columns, which " + n_str(h) + " heads cannot share equally");
  if (cv->cols() % h != 0)
    c.fail("cross.W_V", codes::heads_do_not_divide, {number_param("columns", cv->cols()), number_param("heads", h)},
           "has " + n_str(cv->cols()) + " columns, which " + n_str(h) + " heads cannot share equally");
  bias(c, lesson, "cross.b_Q", cq->cols(), "h\u00b7d_k");
  bias(c, lesson, "cross.b_K", cq->cols(), "h\u00b7d_k");
  bias(c, lesson, "cross.b_V", cv->cols(), "h\u00b7d_v");
  if (lesson.find("cross.W_O")) {
    if (c.expect("cross.W_O", cv->cols(), d_model,
                 "h\u00b7d_v \u00d7 d_model, h\u00b7d_v = " + n_str(cv->cols()) + ", " + dm,
                 "h\u00b7d_v \u00d7 d_model, h\u00b7d_v = " + n_str(cv->cols()) + ", " + dm))
      bias(c, lesson, "cross.b_O", d_model, "d_model");
  } else if (cv->cols() != d_model) {
    c.fail("cross.W_O", codes::cross_output_missing,
           {number_param("columns", cv->cols()), number_param("d_model", d_model)},
           "is missing: the cross-attention's " + n_str(cv->cols()) +
               " columns must become d_model = " + n_str(d_model) + " to be added to the stream");
  } else if (lesson.find("cross.b_O")) {
    c.fail("cross.b_O", codes::output_bias_needs_projection, {{"projection", "cross.W_O"}},
           "needs cross.W_O: the output bias is added after the output projection");
  }
}

}  // namespace

Problems validate(const Lesson& lesson) {
  Problems problems;
  Checker c(lesson, problems);
  const auto n = static_cast<Eigen::Index>(lesson.tokens.size());
  if (n == 0) {
    c.fail("tokens", codes::tokens_missing, {}, "are missing: give \"tokens\", a \"sentence\", or X");
    return problems;
  }
  if (static_cast<std::size_t>(n) > limits::max_tokens) {
    c.fail("tokens", codes::too_many_tokens, {number_param("count", n), number_param("max", limits::max_tokens)},
           "are " + n_str(n) + "; at most " + n_str(limits::max_tokens) + " are allowed");
    return problems;
  }

  // embed: X directly, or rows of the embedding table E looked up by token id.
  Eigen::Index d_model = -1;
  if (lesson.find("X")) {
    if (const Matrix* x = c.expect("X", n, -1, "n \u00d7 d_model, one row per token (n = " + n_str(n) + ")",
                                   "n \u00d7 d_model, n = " + n_str(n)))
      d_model = x->cols();
  } else if (lesson.find("E")) {
    if (!lesson.vocab) {
      c.fail("vocab", codes::vocab_missing, {},
             "is missing: E needs a vocabulary (or give a sentence) to look tokens up");
    } else {
      const auto& vocab = *lesson.vocab;
      if (std::set<std::string>(vocab.begin(), vocab.end()).size() != vocab.size())
        c.fail("vocab", codes::vocab_duplicate, {}, "lists a word twice: every word needs one id");
      for (std::size_t i = 0; i < lesson.tokens.size(); ++i)
        if (std::find(vocab.begin(), vocab.end(), lesson.tokens[i]) == vocab.end())
          c.fail("tokens[" + n_str(i) + "]", codes::not_in_vocab, {{"token", lesson.tokens[i]}},
                 "\"" + lesson.tokens[i] + "\" is not in the vocabulary");
      if (const Matrix* e = c.expect("E", static_cast<Eigen::Index>(vocab.size()), -1,
                                     "|vocab| \u00d7 d_model, one row per word (|vocab| = " + n_str(vocab.size()) + ")",
                                     "|vocab| \u00d7 d_model, |vocab| = " + n_str(vocab.size())))
        d_model = e->cols();
    }
  } else {
    c.fail("X", codes::embedding_missing, {}, "is missing: give X (n \u00d7 d_model) or an embedding table E");
  }
  if (d_model < 0) return problems;

  const int h = lesson.heads;
  if (static_cast<std::size_t>(n) * static_cast<std::size_t>(n) * static_cast<std::size_t>(h) >
      limits::max_attention_cells)
    c.fail(
        "heads", codes::too_many_attention_cells,
        {number_param("cells", static_cast<std::size_t>(n) * n * h), number_param("max", limits::max_attention_cells)},
        "n \u00b7 n \u00b7 h = " + n_str(static_cast<std::size_t>(n) * n * h) + " attention cells; at most " +
            n_str(limits::max_attention_cells) + " are allowed");

  // project: W_Q and W_K share a shape; every head takes an equal slice of columns.
  const std::string dm = "d_model = " + n_str(d_model);
  const Matrix* wq =
      c.expect("W_Q", d_model, -1, "d_model \u00d7 h\u00b7d_k, " + dm, "d_model \u00d7 h\u00b7d_k, " + dm);
  const Matrix* wk =
      wq ? c.expect("W_K", d_model, wq->cols(), "the same shape as W_Q", "d_model \u00d7 h\u00b7d_k = " + shape_of(*wq))
         : nullptr;
  const Matrix* wv =
      c.expect("W_V", d_model, -1, "d_model \u00d7 h\u00b7d_v, " + dm, "d_model \u00d7 h\u00b7d_v, " + dm);
  if (!wq || !wk || !wv) return problems;
  if (wq->cols() % h != 0)
    c.fail("W_Q", codes::heads_do_not_divide, {number_param("columns", wq->cols()), number_param("heads", h)},
           "has " + n_str(wq->cols()) + " columns, which " + n_str(h) + " heads cannot share equally");
  if (wv->cols() % h != 0)
    c.fail("W_V", codes::heads_do_not_divide, {number_param("columns", wv->cols()), number_param("heads", h)},
           "has " + n_str(wv->cols()) + " columns, which " + n_str(h) + " heads cannot share equally");
  if (!problems.empty()) return problems;
  const Eigen::Index d_k = wq->cols() / h;
  if (lesson.find("W_O"))
    c.expect("W_O", wv->cols(), -1, "h\u00b7d_v \u00d7 d_out, h\u00b7d_v = " + n_str(wv->cols()),
             "h\u00b7d_v \u00d7 d_out, h\u00b7d_v = " + n_str(wv->cols()));

  // score: each alignment function's own parameters.
  const std::string dk = "d_k = " + n_str(d_k);
  switch (lesson.score) {
    case ScoreKind::general:
      c.expect("W_a", d_k, d_k, "d_k \u00d7 d_k, " + dk, "d_k \u00d7 d_k, " + dk, "score \"general\" needs it",
               codes::score_weight_missing, {{"score", "general"}});
      break;
    case ScoreKind::location:
      c.expect("W_a", d_k, n, "d_k \u00d7 n, " + dk + ", n = " + n_str(n), "d_k \u00d7 n, " + dk + ", n = " + n_str(n),
               "score \"location\" needs it", codes::score_weight_missing, {{"score", "location"}});
      break;
    case ScoreKind::additive:
      if (const Matrix* w1 =
              c.expect("W_1", d_k, -1, "d_k \u00d7 d_a, " + dk, "d_k \u00d7 d_a, " + dk, "score \"additive\" needs it",
                       codes::score_weight_missing, {{"score", "additive"}})) {
        const std::string da = "d_a = " + n_str(w1->cols());
        c.expect("W_2", d_k, w1->cols(), "d_k \u00d7 d_a, " + dk + ", " + da, "d_k \u00d7 d_a, " + dk + ", " + da,
                 "score \"additive\" needs it", codes::score_weight_missing, {{"score", "additive"}});
        c.expect("v_a", 1, w1->cols(), "a list of d_a numbers, " + da, "1 \u00d7 d_a, " + da,
                 "score \"additive\" needs it", codes::score_weight_missing, {{"score", "additive"}});
      }
      break;
    default: break;
  }

  // mask: one flag per key token, or one 0/1 per query-key pair (the keys are the source's in a cross-attention).
  const auto keys = static_cast<Eigen::Index>(lesson.keys());
  const std::string key_tokens = lesson.cross_only() ? " source tokens" : " tokens";
  if (lesson.mask == MaskKind::padding && static_cast<Eigen::Index>(lesson.padding.size()) != keys)
    c.fail("mask.padding", lesson.cross_only() ? codes::source_padding_count : codes::padding_count,
           {number_param("flags", lesson.padding.size()), number_param("tokens", keys)},
           "has " + n_str(lesson.padding.size()) + " flags but there are " + n_str(keys) + key_tokens);
  if (lesson.mask == MaskKind::matrix && (lesson.mask_matrix.rows() != n || lesson.mask_matrix.cols() != keys))
    c.fail(
        "mask", codes::mask_shape, {{"actual", shape_of(lesson.mask_matrix)}, {"expected", shape_of(n, keys)}},
        "has shape " + shape_of(lesson.mask_matrix) + " but should be " + shape_of(n, keys) + " (queries \u00d7 keys)");
  validate_transformer(lesson, d_model, c);
  if (problems.empty()) validate_given_weights(lesson, problems);  // (reads the mask, checked above)
  return problems;
}

}  // namespace attnlab
