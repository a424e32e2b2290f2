#include "alignment.hpp"

#include <cmath>

#include "portable_math.hpp"
#include "product.hpp"

namespace attnlab {

Matrix alignment_scores(const Lesson& lesson, const Matrix& Q, const Matrix& K) {
  switch (lesson.score) {
    case ScoreKind::scaled_dot:
    case ScoreKind::dot: return product_transposed(Q, K);
    case ScoreKind::general:  // q · W_a · kᵀ
      return Q * *lesson.find("W_a") * K.transpose();
    case ScoreKind::location:  // (q · W_a)[j]: the key's position, not its content
      return Q * *lesson.find("W_a");
    case ScoreKind::cosine: {  // content-based: the dot product of unit vectors
      // Each row is divided by its largest entry before its norm is taken: tiny entries (1e-200) would
      // square to 0 and huge ones to infinity, and parallel vectors must still score exactly 1.
      const auto unit_rows = [](const Matrix& m) {
        Matrix u = m;
        for (Eigen::Index r = 0; r < u.rows(); ++r) {
          const double big = u.row(r).cwiseAbs().maxCoeff();
          if (big == 0) continue;  // a zero vector has no direction: its scores are 0
          u.row(r) /= big;
          u.row(r) /= u.row(r).norm();
        }
        return u;
      };
      Matrix s = unit_rows(Q) * unit_rows(K).transpose();
      // rounding may leave |cos| a hair above 1
      return s.cwiseMax(-1.0).cwiseMin(1.0);
    }
    case ScoreKind::additive: {  // v_a · tanh(q·W_1 + k·W_2)
      const Matrix a = Q * *lesson.find("W_1"), b = K * *lesson.find("W_2");
      const Matrix& v = *lesson.find("v_a");
      Matrix s(Q.rows(), K.rows());
      for (Eigen::Index i = 0; i < s.rows(); ++i)
        for (Eigen::Index j = 0; j < s.cols(); ++j) {
          double sum = 0;
          for (Eigen::Index t = 0; t < a.cols(); ++t) sum += v(0, t) * portable_tanh(a(i, t) + b(j, t));
          s(i, j) = sum;
        }
      return s;
    }
  }
  return Q * K.transpose();
}

ScaleKind scale_rule(const Lesson& lesson) {
  if (lesson.scale != ScaleKind::automatic) return lesson.scale;
  return lesson.score == ScoreKind::scaled_dot ? ScaleKind::sqrt_dk : ScaleKind::none;
}

double score_divisor(const Lesson& lesson, int d_k) {
  switch (scale_rule(lesson)) {
    case ScaleKind::automatic:
    case ScaleKind::sqrt_dk: return std::sqrt(static_cast<double>(d_k));
    case ScaleKind::none: return 1.0;
    case ScaleKind::value: return lesson.scale_value;
  }
  return 1.0;
}

}  // namespace attnlab
