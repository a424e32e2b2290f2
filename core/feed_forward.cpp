#include "feed_forward.hpp"

#include "portable_math.hpp"
#include "product.hpp"

namespace attnlab {

double activate(Activation a, double x) {
  if (a == Activation::relu) return x > 0 ? x : 0.0;
  return 0.5 * x * (1.0 + portable_erf(x * 0.70710678118654752440));  // x · Φ(x), as torch's gelu(approximate='none')
}

Matrix affine(const Matrix& x, const Matrix& W, const Matrix* b) {
  Matrix y = product(x, W);
  if (b) y.rowwise() += b->row(0);
  return y;
}

FeedForwardTrace feed_forward(const Matrix& x, const Matrix& W1, const Matrix* b1, const Matrix& W2, const Matrix* b2,
                              Activation activation) {
  FeedForwardTrace t;
  t.hidden = affine(x, W1, b1);
  t.activated = t.hidden.unaryExpr([activation](double v) { return activate(activation, v); });
  t.output = affine(t.activated, W2, b2);
  return t;
}

}  // namespace attnlab
