#pragma once
// Steps 2–6 for every head: project → score → scale → mask → softmax → sum, then concat and W_O.
// The lesson's own attention and a decoder's cross-attention both run through here.
#include <functional>

#include "lesson.hpp"
#include "trace.hpp"

namespace attnlab {

// W_Q, W_K, W_V and the optional W_O and biases of one attention; `prefix` is "" or "cross.".
struct Projections {
  const Matrix *W_Q = nullptr, *W_K = nullptr, *W_V = nullptr, *W_O = nullptr;
  const Matrix *b_Q = nullptr, *b_K = nullptr, *b_V = nullptr, *b_O = nullptr;
};
Projections projections(const Lesson& lesson, const std::string& prefix);

// Steps an edit left alone, taken over from a previous trace's heads (see compute_trace).
struct Kept {
  bool Q = false, K = false, V = false, scores = false, scaled = false, weights = false, W_O = false;
};

struct MultiHead {
  std::vector<HeadTrace> head;
  Matrix concat, output;
  bool Z_kept = false, output_kept = false;
};

using ScoreFunction = std::function<Matrix(const Matrix& Q, const Matrix& K)>;

// Queries from `queries` (n rows), keys and values from `keys` (m rows); weights are n × m.
// With `was` (the previous trace's heads and output), the steps `kept` names move over from it.
MultiHead multi_head(const Matrix& queries, const Matrix& keys, const Projections& p, int heads, double divisor,
                     const Visibility& visible, const ScoreFunction& score, const Kept& kept = {},
                     std::vector<HeadTrace>* was = nullptr, Matrix* was_output = nullptr,
                     const GivenWeights* given = nullptr);

}  // namespace attnlab
