#include "softmax.hpp"

#include <cmath>
#include <limits>

#include "portable_math.hpp"

namespace attnlab {

SoftmaxResult softmax_rows(const Matrix& masked) {
  const Eigen::Index n = masked.rows(), m = masked.cols();
  // Every row is written below (an empty row with zeros): no need to zero the matrices first.
  SoftmaxResult r{Matrix(n, m), {Vector(n), Matrix(n, m), Vector::Zero(n)}, {}};
  for (Eigen::Index i = 0; i < n; ++i) {
    const double max = masked.row(i).maxCoeff();
    r.steps.max(i) = max;
    if (max == -std::numeric_limits<double>::infinity()) {
      r.empty_rows.push_back(static_cast<int>(i));
      r.weights.row(i).setZero();
      r.steps.exp.row(i).setZero();
      continue;
    }
    portable_exp_shifted(&masked(i, 0), max, &r.steps.exp(i, 0), m);
    r.steps.sum(i) = r.steps.exp.row(i).sum();
    r.weights.row(i) = r.steps.exp.row(i) / r.steps.sum(i);
  }
  return r;
}

}  // namespace attnlab
