#include "softmax.hpp"

#include <cmath>
#include <limits>

#include "portable_math.hpp"

namespace attnlab {

SoftmaxResult softmax_rows(const Matrix& masked) {
  const Eigen::Index n = masked.rows(), m = masked.cols();
  SoftmaxResult r{Matrix::Zero(n, m), {Vector(n), Matrix::Zero(n, m), Vector::Zero(n)}, {}};
  for (Eigen::Index i = 0; i < n; ++i) {
    const double max = masked.row(i).maxCoeff();
    r.steps.max(i) = max;
    if (max == -std::numeric_limits<double>::infinity()) {
      r.empty_rows.push_back(static_cast<int>(i));
      continue;
    }
    for (Eigen::Index j = 0; j < m; ++j) r.steps.exp(i, j) = portable_exp(masked(i, j) - max);
    r.steps.sum(i) = r.steps.exp.row(i).sum();
    r.weights.row(i) = r.steps.exp.row(i) / r.steps.sum(i);
  }
  return r;
}

}  // namespace attnlab
