#include "scale_lab.hpp"

#include <algorithm>
#include <cmath>

#include "numpy_random.hpp"

namespace attnlab {
namespace {

// np.var: the mean of squared deviations from the mean (ddof = 0).
double variance(const Matrix& m) {
  const double mean = m.mean();
  return (m.array() - mean).square().mean();
}

SoftmaxStats stats_of(const Matrix& scores) {
  SoftmaxStats s;
  for (Eigen::Index i = 0; i < scores.rows(); ++i) {
    const Vector p = softmax_vector(scores.row(i).transpose());
    s.max_weight += p.maxCoeff();
    s.entropy += entropy(p);
    s.jacobian_norm += softmax_jacobian(p).norm();
  }
  const double n = static_cast<double>(scores.rows());
  s.max_weight /= n;
  s.entropy /= n;
  s.jacobian_norm /= n;
  return s;
}

std::vector<double> to_list(const Vector& v) { return std::vector<double>(v.data(), v.data() + v.size()); }

}  // namespace

Vector softmax_vector(const Vector& scores) {
  if (scores.size() == 0) return scores;
  const Vector e = (scores.array() - scores.maxCoeff()).exp();
  return e / e.sum();
}

Matrix softmax_jacobian(const Vector& p) {
  Matrix J = -p * p.transpose();
  J.diagonal() += p;
  return J;
}

double entropy(const Vector& p) {
  double h = 0;
  for (Eigen::Index i = 0; i < p.size(); ++i)
    if (p(i) > 0) h -= p(i) * std::log(p(i));
  return h;
}

std::vector<ScaleLabRow> scale_lab(const ScaleLabOptions& options) {
  use_fixed_blocking();
  const int queries = std::clamp(options.queries, 1, 2000), keys = std::clamp(options.keys, 2, 256);
  std::vector<ScaleLabRow> rows;
  for (int requested : options.d_k) {
    const int d_k = std::clamp(requested, 1, 1024);
    NumpyRandom rng(options.seed);
    const Matrix Q = rng.matrix(queries, d_k);
    const Matrix K = rng.matrix(keys, d_k);
    const Matrix raw = Q * K.transpose();
    const Matrix scaled = raw / std::sqrt(static_cast<double>(d_k));
    ScaleLabRow r;
    r.d_k = d_k;
    r.raw_variance = variance(raw);
    r.scaled_variance = variance(scaled);
    r.raw = stats_of(raw);
    r.scaled = stats_of(scaled);
    r.example_raw_scores = to_list(raw.row(0).transpose());
    r.example_scaled_scores = to_list(scaled.row(0).transpose());
    r.example_raw_weights = to_list(softmax_vector(raw.row(0).transpose()));
    r.example_scaled_weights = to_list(softmax_vector(scaled.row(0).transpose()));
    rows.push_back(std::move(r));
  }
  return rows;
}

}  // namespace attnlab
