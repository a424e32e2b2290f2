#include "multi_head.hpp"

#include "feed_forward.hpp"
#include "given_weights.hpp"
#include "mask.hpp"
#include "product.hpp"
#include "softmax.hpp"

namespace attnlab {

Projections projections(const Lesson& lesson, const std::string& prefix) {
  Projections p;
  p.W_Q = lesson.find(prefix + "W_Q");
  p.W_K = lesson.find(prefix + "W_K");
  p.W_V = lesson.find(prefix + "W_V");
  p.W_O = lesson.find(prefix + "W_O");
  p.b_Q = lesson.find(prefix + "b_Q");
  p.b_K = lesson.find(prefix + "b_K");
  p.b_V = lesson.find(prefix + "b_V");
  p.b_O = lesson.find(prefix + "b_O");
  return p;
}

MultiHead multi_head(const Matrix& queries, const Matrix& keys, const Projections& p, int heads, double divisor,
                     const Visibility& visible, const ScoreFunction& score, const Kept& kept,
                     std::vector<HeadTrace>* was, Matrix* was_output, const GivenWeights* given) {
  const int d_k = static_cast<int>(p.W_Q->cols()) / heads, d_v = static_cast<int>(p.W_V->cols()) / heads;
  MultiHead out;
  out.concat.resize(queries.rows(), p.W_V->cols());
  // One product per projection for all heads (a wide product runs faster than h narrow ones); head h
  // takes its block of columns.
  Matrix Q, K, V;
  if (!kept.Q) Q = affine(queries, *p.W_Q, p.b_Q);
  if (!kept.K) K = affine(keys, *p.W_K, p.b_K);
  if (!kept.V) V = affine(keys, *p.W_V, p.b_V);
  out.Z_kept = true;
  for (int h = 0; h < heads; ++h) {
    HeadTrace head;
    HeadTrace* prev = was && was->size() > static_cast<std::size_t>(h) ? &(*was)[static_cast<std::size_t>(h)] : nullptr;
    head.Q = kept.Q ? std::move(prev->Q) : Matrix(Q.middleCols(h * d_k, d_k));
    head.K = kept.K ? std::move(prev->K) : Matrix(K.middleCols(h * d_k, d_k));
    head.V = kept.V ? std::move(prev->V) : Matrix(V.middleCols(h * d_v, d_v));
    head.scores = kept.scores ? std::move(prev->scores) : score(head.Q, head.K);
    head.scaled = kept.scaled ? std::move(prev->scaled) : Matrix(head.scores / divisor);
    if (kept.weights) {
      head.masked = std::move(prev->masked);
      head.weights = std::move(prev->weights);
      head.softmax = std::move(prev->softmax);
      head.empty_rows = std::move(prev->empty_rows);
      head.given_rows = std::move(prev->given_rows);
    } else {
      head.masked = apply_mask(head.scaled, visible);
      SoftmaxResult s = softmax_rows(head.masked);
      head.weights = std::move(s.weights);
      head.softmax = std::move(s.steps);
      head.empty_rows = std::move(s.empty_rows);
      if (given) apply_given_weights(*given, head);  // (one head: validate_given_weights)
    }
    const bool keep_Z = kept.weights && kept.V;
    out.Z_kept = out.Z_kept && keep_Z;
    head.Z = keep_Z ? std::move(prev->Z) : product(head.weights, head.V);
    out.concat.middleCols(h * d_v, d_v) = head.Z;
    out.head.push_back(std::move(head));
  }
  out.output_kept = out.Z_kept && kept.W_O && was_output;
  if (out.output_kept) out.output = std::move(*was_output);
  else out.output = p.W_O ? affine(out.concat, *p.W_O, p.b_O) : out.concat;
  return out;
}

}  // namespace attnlab
