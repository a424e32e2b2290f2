#include "bahdanau.hpp"

#include <cmath>

#include "alignment.hpp"
#include "numpy_random.hpp"
#include "softmax.hpp"

namespace attnlab {
namespace {

// The lesson alignment_scores reads: this function's kind and its parameters under the lesson's names.
bool lesson_for(ScoreKind kind, const Matrix& H, const AlignmentParameters& p, Lesson& lesson) {
  const Eigen::Index d = H.cols(), n = H.rows();
  lesson.score = kind;
  switch (kind) {
    case ScoreKind::general:
      if (p.W_general.rows() != d || p.W_general.cols() != d) return false;
      lesson.matrices["W_a"] = p.W_general;
      return true;
    case ScoreKind::location:
      if (p.W_location.rows() != d || p.W_location.cols() != n) return false;
      lesson.matrices["W_a"] = p.W_location;
      return true;
    case ScoreKind::additive:
      if (p.W_1.rows() != d || p.W_2.rows() != d || p.W_1.cols() != p.W_2.cols() || p.v_a.rows() != 1 ||
          p.v_a.cols() != p.W_1.cols())
        return false;
      lesson.matrices["W_1"] = p.W_1;
      lesson.matrices["W_2"] = p.W_2;
      lesson.matrices["v_a"] = p.v_a;
      return true;
    default: return true;
  }
}

}  // namespace

const std::vector<ScoreKind>& all_alignment_kinds() {
  static const std::vector<ScoreKind> kinds{ScoreKind::dot,      ScoreKind::scaled_dot, ScoreKind::general,
                                            ScoreKind::additive, ScoreKind::cosine,     ScoreKind::location};
  return kinds;
}

AlignmentParameters draw_alignment_parameters(int d, int n, int d_a, std::uint32_t seed) {
  NumpyRandom rng(seed);
  AlignmentParameters p;
  const double s_d = 1 / std::sqrt(static_cast<double>(d)), s_a = 1 / std::sqrt(static_cast<double>(d_a));
  p.W_general = rng.matrix(d, d, s_d);
  p.W_location = rng.matrix(d, n, s_d);
  p.W_1 = rng.matrix(d, d_a, s_d);
  p.W_2 = rng.matrix(d, d_a, s_d);
  p.v_a = rng.matrix(1, d_a, s_a);
  return p;
}

Alignment align(ScoreKind kind, const Matrix& H, const Vector& s, const AlignmentParameters& parameters) {
  Alignment a;
  a.kind = kind;
  const Eigen::Index n = H.rows();
  if (n == 0) return a;
  Lesson lesson;
  const Matrix S = s.transpose();  // the decoder state as a 1 × d query
  if (s.size() == H.cols() && lesson_for(kind, H, parameters, lesson)) {
    const double divisor = score_divisor(lesson, static_cast<int>(H.cols()));
    a.scores = (alignment_scores(lesson, S, H) / divisor).row(0).transpose();
  } else {
    a.scores = Vector::Zero(n);
  }
  a.weights = softmax_rows(a.scores.transpose()).weights.row(0).transpose();
  a.context = H.transpose() * a.weights;
  return a;
}

std::vector<Alignment> align_all(const Matrix& H, const Vector& s, const AlignmentParameters& parameters) {
  std::vector<Alignment> out;
  for (ScoreKind kind : all_alignment_kinds()) out.push_back(align(kind, H, s, parameters));
  return out;
}

}  // namespace attnlab
