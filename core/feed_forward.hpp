#pragma once
// The position-wise feed-forward network: two linear maps with an activation between, the same for every token.
#include "lesson.hpp"

namespace attnlab {

struct FeedForwardTrace {
  Matrix hidden;     // ffn_hidden = x · W_ff1 + b_ff1 (n × d_ff), before the activation
  Matrix activated;  // relu or gelu of it
  Matrix output;     // activated · W_ff2 + b_ff2 (n × d_model)
};

double activate(Activation a, double x);  // relu: max(0, x); gelu: x · Φ(x), the exact erf form

// b1, b2 may be null (no bias).
FeedForwardTrace feed_forward(const Matrix& x, const Matrix& W1, const Matrix* b1, const Matrix& W2, const Matrix* b2,
                              Activation activation);

// x · W (+ b, a 1 × cols row added to every row): every projection of the layer.
Matrix affine(const Matrix& x, const Matrix& W, const Matrix* b);

}  // namespace attnlab
