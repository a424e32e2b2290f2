#include "attention.hpp"

#include <algorithm>
#include <cmath>

#include "alignment.hpp"
#include "embed.hpp"
#include "layer.hpp"
#include "mask.hpp"
#include "multi_head.hpp"
#include "positions.hpp"
#include "product.hpp"

namespace attnlab {

namespace {

const Matrix* find(const std::map<std::string, Matrix>& m, const char* name) {
  auto it = m.find(name);
  return it == m.end() ? nullptr : &it->second;
}

bool same(const Matrix* a, const Matrix* b) {
  if (!a || !b) return a == b;
  return a->rows() == b->rows() && a->cols() == b->cols() && *a == *b;
}

// What an edit left alone: each flag says a step's inputs are exactly those of the previous trace.
struct Unchanged : Kept {
  bool X = false;
  std::vector<std::string> inputs;  // the lesson's matrices equal to the previous trace's
};

// A lesson of the six steps alone: only its steps can be taken over from a trace like it.
bool six_steps(const Lesson& l) {
  return l.positions == PositionKind::none && !l.source && !l.layer && !l.find("b_Q") && !l.find("b_K") &&
         !l.find("b_V") && !l.find("b_O");
}
bool six_steps(const Trace& t) {
  return t.P.size() == 0 && t.source_X.size() == 0 && !t.layer && !t.cross && !find(t.inputs, "b_Q") &&
         !find(t.inputs, "b_K") && !find(t.inputs, "b_V") && !find(t.inputs, "b_O");
}

Unchanged compare(const Trace& t, const Trace* prev, const Lesson& lesson) {
  Unchanged u;
  if (!prev || !six_steps(lesson) || !six_steps(*prev)) return u;
  const auto& inputs = lesson.matrices;
  for (const auto& [name, m] : inputs)
    if (same(find(prev->inputs, name.c_str()), &m)) u.inputs.push_back(name);
  u.X = same(&prev->X, &t.X);
  if (!u.X || prev->heads != t.heads || prev->head.size() != static_cast<std::size_t>(t.heads)) return u;
  const auto kept = [&](const char* name) {  // equal in both traces, or in neither
    if (!find(inputs, name)) return !find(prev->inputs, name);
    return std::count(u.inputs.begin(), u.inputs.end(), name) > 0;
  };
  u.Q = kept("W_Q");
  u.K = kept("W_K");
  u.V = kept("W_V");
  u.scores = u.Q && u.K && prev->score == t.score && kept("W_a") && kept("W_1") && kept("W_2") && kept("v_a");
  u.scaled = u.scores && prev->divisor == t.divisor;
  u.weights = u.scaled && prev->visible.rows() == t.visible.rows() && prev->visible == t.visible &&
              prev->given_weights == lesson.given_weights;
  u.W_O = kept("W_O");
  return u;
}

}  // namespace

Trace compute_trace(Lesson lesson, Trace* previous) {
  use_fixed_blocking();
  Trace t;
  t.tokens = lesson.tokens;
  t.token_ids = token_ids(lesson);
  t.vocab = lesson.vocab;
  t.heads = lesson.heads;
  t.score = lesson.score;
  t.X = embeddings(lesson);
  t.d_model = static_cast<int>(t.X.cols());
  const Eigen::Index n = t.X.rows();
  t.P = positions(lesson, n, t.X.cols());
  if (t.P.size() > 0) t.X_plus_P = t.X + t.P;
  const Matrix& stream = t.P.size() > 0 ? t.X_plus_P : t.X;  // what the layer, or the attention, reads
  if (lesson.source) {
    t.source_tokens = lesson.source->tokens;
    t.source_X = source_embeddings(lesson);
  }
  const Projections self = projections(lesson, "");
  t.d_k = static_cast<int>(self.W_Q->cols()) / t.heads;
  t.d_v = static_cast<int>(self.W_V->cols()) / t.heads;
  t.scale = scale_rule(lesson);
  t.scale_value = lesson.scale_value;
  t.divisor = score_divisor(lesson, t.d_k);
  t.visible = visibility(lesson);
  const Unchanged kept = compare(t, previous, lesson);

  // The lesson's own attention: self-attention, or (with a source and no layer) a cross-attention over the source.
  const ScoreFunction score = [&lesson](const Matrix& Q, const Matrix& K) { return alignment_scores(lesson, Q, K); };
  bool all_Z_kept = false, output_kept = false;
  const Sublayer self_attention = [&](const Matrix& in) {
    MultiHead a = multi_head(in, lesson.cross_only() ? t.source_X : in, self, t.heads, t.divisor, t.visible, score,
                             kept, previous ? &previous->head : nullptr, previous ? &previous->output : nullptr,
                             lesson.given_weights ? &*lesson.given_weights : nullptr);
    t.head = std::move(a.head);
    t.concat = std::move(a.concat);
    t.output = std::move(a.output);
    all_Z_kept = a.Z_kept;
    output_kept = a.output_kept;
    return t.output;
  };
  if (!lesson.layer) {
    self_attention(stream);
  } else {
    // A decoder's cross-attention scores as PyTorch's does: scaled dot products, over the source's visible tokens.
    const Sublayer cross_attention = [&](const Matrix& in) {
      const Projections cross = projections(lesson, "cross.");
      AttentionTrace& c = t.cross.emplace();
      c.d_k = static_cast<int>(cross.W_Q->cols()) / t.heads;
      c.d_v = static_cast<int>(cross.W_V->cols()) / t.heads;
      c.divisor = std::sqrt(static_cast<double>(c.d_k));
      c.visible = source_visibility(lesson, n);
      MultiHead a = multi_head(in, t.source_X, cross, t.heads, c.divisor, c.visible,
                               [](const Matrix& Q, const Matrix& K) { return product_transposed(Q, K); });
      c.head = std::move(a.head);
      c.concat = std::move(a.concat);
      c.output = std::move(a.output);
      return c.output;
    };
    t.layer = run_layer(lesson, stream, self_attention, cross_attention);
  }
  t.given_weights = std::move(lesson.given_weights);
  t.inputs = std::move(lesson.matrices);  // (the projections point into them until here)
  t.unchanged = kept.inputs;
  if (kept.X && !t.inputs.count("X")) t.unchanged.emplace_back("X");  // X looked up in E
  const std::pair<bool, const char*> steps[] = {
      {kept.Q, "Q"},           {kept.K, "K"},           {kept.V, "V"},
      {kept.scores, "scores"}, {kept.scaled, "scaled"}, {kept.weights, "weights"},
      {all_Z_kept, "Z"},       {all_Z_kept, "concat"},  {output_kept, "output"}};
  for (const auto& [step_kept, name] : steps)
    if (step_kept) t.unchanged.emplace_back(name);
  return t;
}

}  // namespace attnlab
