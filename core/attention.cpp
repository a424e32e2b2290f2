#include "attention.hpp"

#include <algorithm>

#include "alignment.hpp"
#include "embed.hpp"
#include "mask.hpp"
#include "softmax.hpp"

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
struct Unchanged {
  bool X = false, Q = false, K = false, V = false, scores = false, scaled = false, weights = false, W_O = false;
  std::vector<std::string> inputs;  // the lesson's matrices equal to the previous trace's
};

Unchanged compare(const Trace& t, const Trace* prev, const std::map<std::string, Matrix>& inputs) {
  Unchanged u;
  if (!prev) return u;
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
  u.weights = u.scaled && prev->visible.rows() == t.visible.rows() && prev->visible == t.visible;
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
  const Matrix& W_Q = *lesson.find("W_Q");
  const Matrix& W_K = *lesson.find("W_K");
  const Matrix& W_V = *lesson.find("W_V");
  t.d_k = static_cast<int>(W_Q.cols()) / t.heads;
  t.d_v = static_cast<int>(W_V.cols()) / t.heads;
  t.divisor = score_divisor(lesson, t.d_k);
  t.visible = visibility(lesson);
  const Unchanged kept = compare(t, previous, lesson.matrices);

  const Eigen::Index n = t.X.rows();
  t.concat.resize(n, W_V.cols());
  // One product per projection for all heads (a wide product runs faster than h narrow ones); head h
  // takes its block of columns.
  Matrix Q, K, V;
  if (!kept.Q) Q = t.X * W_Q;
  if (!kept.K) K = t.X * W_K;
  if (!kept.V) V = t.X * W_V;
  bool all_Z_kept = true;
  for (int h = 0; h < t.heads; ++h) {
    HeadTrace head;
    HeadTrace* was = previous && previous->head.size() > static_cast<std::size_t>(h) ? &previous->head[h] : nullptr;
    head.Q = kept.Q ? std::move(was->Q) : Matrix(Q.middleCols(h * t.d_k, t.d_k));
    head.K = kept.K ? std::move(was->K) : Matrix(K.middleCols(h * t.d_k, t.d_k));
    head.V = kept.V ? std::move(was->V) : Matrix(V.middleCols(h * t.d_v, t.d_v));
    head.scores = kept.scores ? std::move(was->scores) : alignment_scores(lesson, head.Q, head.K);
    head.scaled = kept.scaled ? std::move(was->scaled) : Matrix(head.scores / t.divisor);
    if (kept.weights) {
      head.masked = std::move(was->masked);
      head.weights = std::move(was->weights);
      head.softmax = std::move(was->softmax);
      head.empty_rows = std::move(was->empty_rows);
    } else {
      head.masked = apply_mask(head.scaled, t.visible);
      SoftmaxResult s = softmax_rows(head.masked);
      head.weights = std::move(s.weights);
      head.softmax = std::move(s.steps);
      head.empty_rows = std::move(s.empty_rows);
    }
    const bool keep_Z = kept.weights && kept.V;
    all_Z_kept = all_Z_kept && keep_Z;
    head.Z = keep_Z ? std::move(was->Z) : Matrix(head.weights * head.V);
    t.concat.middleCols(h * t.d_v, t.d_v) = head.Z;
    t.head.push_back(std::move(head));
  }
  const Matrix* W_O = lesson.find("W_O");
  if (all_Z_kept && kept.W_O) t.output = std::move(previous->output);
  else t.output = W_O ? Matrix(t.concat * *W_O) : t.concat;
  t.inputs = std::move(lesson.matrices);  // (W_Q, W_K, W_V and W_O point into them until here)
  t.unchanged = kept.inputs;
  if (kept.X && !t.inputs.count("X")) t.unchanged.emplace_back("X");  // X looked up in E
  const std::pair<bool, const char*> steps[] = {
      {kept.Q, "Q"},           {kept.K, "K"},           {kept.V, "V"},
      {kept.scores, "scores"}, {kept.scaled, "scaled"}, {kept.weights, "weights"},
      {all_Z_kept, "Z"},       {all_Z_kept, "concat"},  {all_Z_kept && kept.W_O, "output"}};
  for (const auto& [step_kept, name] : steps)
    if (step_kept) t.unchanged.emplace_back(name);
  return t;
}

}  // namespace attnlab
