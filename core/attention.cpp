#include "attention.hpp"

#include "alignment.hpp"
#include "embed.hpp"
#include "mask.hpp"
#include "softmax.hpp"

namespace attnlab {

Trace compute_trace(const Lesson& lesson) {
  use_fixed_blocking();
  Trace t;
  t.inputs = lesson.matrices;
  t.tokens = lesson.tokens;
  t.token_ids = token_ids(lesson);
  t.vocab = lesson.vocab;
  t.heads = lesson.heads;
  t.X = embeddings(lesson);
  t.d_model = static_cast<int>(t.X.cols());
  const Matrix& W_Q = *lesson.find("W_Q");
  const Matrix& W_K = *lesson.find("W_K");
  const Matrix& W_V = *lesson.find("W_V");
  t.d_k = static_cast<int>(W_Q.cols()) / t.heads;
  t.d_v = static_cast<int>(W_V.cols()) / t.heads;
  t.divisor = score_divisor(lesson, t.d_k);
  t.visible = visibility(lesson);

  const Eigen::Index n = t.X.rows();
  t.concat.resize(n, W_V.cols());
  // One product per projection for all heads (a wide product runs faster than h narrow ones); head h
  // takes its block of columns.
  const Matrix Q = t.X * W_Q, K = t.X * W_K, V = t.X * W_V;
  for (int h = 0; h < t.heads; ++h) {
    HeadTrace head;
    head.Q = Q.middleCols(h * t.d_k, t.d_k);
    head.K = K.middleCols(h * t.d_k, t.d_k);
    head.V = V.middleCols(h * t.d_v, t.d_v);
    head.scores = alignment_scores(lesson, head.Q, head.K);
    head.scaled = head.scores / t.divisor;
    head.masked = apply_mask(head.scaled, t.visible);
    SoftmaxResult s = softmax_rows(head.masked);
    head.weights = std::move(s.weights);
    head.softmax = std::move(s.steps);
    head.empty_rows = std::move(s.empty_rows);
    head.Z = head.weights * head.V;
    t.concat.middleCols(h * t.d_v, t.d_v) = head.Z;
    t.head.push_back(std::move(head));
  }
  const Matrix* W_O = lesson.find("W_O");
  t.output = W_O ? Matrix(t.concat * *W_O) : t.concat;
  return t;
}

}  // namespace attnlab
