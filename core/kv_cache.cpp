#include "kv_cache.hpp"

#include <algorithm>

#include "alignment.hpp"
#include "feed_forward.hpp"
#include "softmax.hpp"

namespace attnlab {

std::optional<DecodeStep> decode_step(const Lesson& lesson, const Trace& trace, int t) {
  if (lesson.mask != MaskKind::causal || lesson.source || lesson.layer || t < 0 || t >= trace.X.rows())
    return std::nullopt;
  const Matrix& x = trace.P.size() > 0 ? trace.X_plus_P : trace.X;
  const auto input = [&](const char* name) {
    auto it = trace.inputs.find(name);
    return it == trace.inputs.end() ? nullptr : &it->second;
  };
  const Matrix row = x.row(t);
  const Matrix q = affine(row, *input("W_Q"), input("b_Q")), k = affine(row, *input("W_K"), input("b_K")),
               v = affine(row, *input("W_V"), input("b_V"));
  const long long d = x.cols(), hk = q.cols(), hv = v.cols(), keys = t + 1;
  DecodeStep step;
  step.position = t;
  Matrix concat(1, hv);
  for (int h = 0; h < trace.heads; ++h) {
    const HeadTrace& full = trace.head[static_cast<std::size_t>(h)];
    HeadStep s;
    s.q = q.row(0).segment(h * trace.d_k, trace.d_k).transpose();
    s.k = k.row(0).segment(h * trace.d_k, trace.d_k).transpose();
    s.v = v.row(0).segment(h * trace.d_v, trace.d_v).transpose();
    // Keys and values 0…t−1 from the cache (what earlier steps wrote), the new ones last.
    Matrix K = full.K.topRows(keys), V = full.V.topRows(keys);
    K.row(t) = s.k.transpose();
    V.row(t) = s.v.transpose();
    // Causal: every one of the t + 1 keys is visible to the newest query.
    const Matrix scores = alignment_scores(lesson, Matrix(s.q.transpose()), K);
    Matrix weights = softmax_rows(Matrix(scores / trace.divisor)).weights;
    // A row the lesson gives ("weights", core/given_weights.hpp) is the step's row too, as in the full trace.
    if (std::find(full.given_rows.begin(), full.given_rows.end(), t) != full.given_rows.end())
      weights = full.weights.row(t).head(keys);
    s.scores = scores.row(0).transpose();
    s.weights = weights.row(0).transpose();
    const Matrix z = weights * V;
    s.z = z.row(0).transpose();
    concat.middleCols(h * trace.d_v, trace.d_v) = z;
    step.heads.push_back(std::move(s));
  }
  const Matrix* W_O = input("W_O");
  const Matrix out = W_O ? affine(concat, *W_O, input("b_O")) : concat;
  step.output = out.row(0).transpose();
  const long long out_cost = W_O ? hv * W_O->cols() : 0;
  // projections of the new token + its attention over t + 1 keys + W_O; without the cache, the t earlier
  // tokens' keys and values are projected again.
  step.multiply_adds = d * (2 * hk + hv) + keys * (hk + hv) + out_cost;
  step.without_cache = step.multiply_adds + t * d * (hk + hv);
  return step;
}

}  // namespace attnlab
