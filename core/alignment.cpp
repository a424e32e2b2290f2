#include "alignment.hpp"

#include <cmath>

#include "portable_math.hpp"

namespace attnlab {

Matrix alignment_scores(const Lesson& lesson, const Matrix& Q, const Matrix& K) {
  switch (lesson.score) {
    case ScoreKind::scaled_dot:
    case ScoreKind::dot: return Q * K.transpose();
    case ScoreKind::general:  // q · W_a · kᵀ
      return Q * *lesson.find("W_a") * K.transpose();
    case ScoreKind::location:  // (q · W_a)[j]: the key's position, not its content
      return Q * *lesson.find("W_a");
    case ScoreKind::cosine: {  // content-based: the dot product of unit vectors
      const Vector qn = Q.rowwise().norm(), kn = K.rowwise().norm();
      Matrix s = Q * K.transpose();
      for (Eigen::Index i = 0; i < s.rows(); ++i)
        for (Eigen::Index j = 0; j < s.cols(); ++j)
          s(i, j) = (qn(i) == 0 || kn(j) == 0) ? 0.0 : s(i, j) / (qn(i) * kn(j));
      return s;
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

double score_divisor(const Lesson& lesson, int d_k) {
  switch (lesson.scale) {
    case ScaleKind::automatic: return lesson.score == ScoreKind::scaled_dot ? std::sqrt(static_cast<double>(d_k)) : 1.0;
    case ScaleKind::sqrt_dk: return std::sqrt(static_cast<double>(d_k));
    case ScaleKind::none: return 1.0;
    case ScaleKind::value: return lesson.scale_value;
  }
  return 1.0;
}

}  // namespace attnlab
