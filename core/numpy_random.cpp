#include "numpy_random.hpp"

#include <cmath>

namespace attnlab {

double NumpyRandom::rand() {
  const std::uint32_t a = mt_() >> 5, b = mt_() >> 6;
  return (a * 67108864.0 + b) / 9007199254740992.0;
}

double NumpyRandom::randn() {
  if (has_gauss_) {
    has_gauss_ = false;
    return gauss_;
  }
  double x1, x2, r2;
  do {
    x1 = 2.0 * rand() - 1.0;
    x2 = 2.0 * rand() - 1.0;
    r2 = x1 * x1 + x2 * x2;
  } while (r2 >= 1.0 || r2 == 0.0);
  const double f = std::sqrt(-2.0 * std::log(r2) / r2);
  gauss_ = f * x1;
  has_gauss_ = true;
  return f * x2;
}

Matrix NumpyRandom::matrix(Eigen::Index rows, Eigen::Index cols, double scale, bool uniform) {
  Matrix m(rows, cols);
  for (Eigen::Index i = 0; i < rows; ++i)
    for (Eigen::Index j = 0; j < cols; ++j) m(i, j) = (uniform ? rand() : randn()) * scale;
  return m;
}

}  // namespace attnlab
