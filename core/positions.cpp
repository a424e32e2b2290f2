#include "positions.hpp"

#include "portable_math.hpp"

namespace attnlab {

Matrix sinusoidal_positions(Eigen::Index n, Eigen::Index d_model) {
  Matrix P(n, d_model);
  constexpr double ln_10000 = 9.2103403719761836;
  for (Eigen::Index i = 0; 2 * i < d_model; ++i) {
    // 1 / 10000^(2i/d_model), as PyTorch's tutorial computes it: exp(2i · −ln(10000) / d_model)
    const double rate = portable_exp(static_cast<double>(2 * i) * (-ln_10000 / static_cast<double>(d_model)));
    for (Eigen::Index p = 0; p < n; ++p) {
      const double angle = static_cast<double>(p) * rate;
      P(p, 2 * i) = portable_sin(angle);
      if (2 * i + 1 < d_model) P(p, 2 * i + 1) = portable_cos(angle);
    }
  }
  return P;
}

Matrix positions(const Lesson& lesson, Eigen::Index n, Eigen::Index d_model) {
  switch (lesson.positions) {
    case PositionKind::none: return Matrix();
    case PositionKind::sinusoidal: return sinusoidal_positions(n, d_model);
    case PositionKind::learned: return *lesson.find("P");
  }
  return Matrix();
}

}  // namespace attnlab
