#include "layer_norm.hpp"

#include <cmath>

namespace attnlab {

NormTrace layer_norm(const Matrix& x, const Matrix& gamma, const Matrix& beta, double eps) {
  NormTrace t;
  const Eigen::Index n = x.rows(), d = x.cols();
  t.mean.resize(n);
  t.var.resize(n);
  t.normalized.resize(n, d);
  t.output.resize(n, d);
  // Plain loops, left to right: the same additions in the same order natively and in wasm.
  for (Eigen::Index r = 0; r < n; ++r) {
    double sum = 0;
    for (Eigen::Index c = 0; c < d; ++c) sum += x(r, c);
    const double mean = sum / static_cast<double>(d);
    double squares = 0;
    for (Eigen::Index c = 0; c < d; ++c) squares += (x(r, c) - mean) * (x(r, c) - mean);
    const double var = squares / static_cast<double>(d);
    const double root = std::sqrt(var + eps);
    t.mean(r) = mean;
    t.var(r) = var;
    for (Eigen::Index c = 0; c < d; ++c) {
      t.normalized(r, c) = (x(r, c) - mean) / root;
      t.output(r, c) = t.normalized(r, c) * gamma(0, c) + beta(0, c);
    }
  }
  return t;
}

}  // namespace attnlab
