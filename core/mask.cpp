#include "mask.hpp"

#include <limits>

namespace attnlab {

const char* mask_name(MaskKind kind) {
  switch (kind) {
    case MaskKind::none: return "none";
    case MaskKind::causal: return "causal";
    case MaskKind::padding: return "padding";
    case MaskKind::matrix: return "matrix";
  }
  return "none";
}

Visibility visibility(const Lesson& lesson) {
  const auto n = static_cast<Eigen::Index>(lesson.tokens.size());
  const auto m = static_cast<Eigen::Index>(lesson.keys());
  // A cross-attention also hides the source's own padding.
  Visibility v = lesson.cross_only() ? source_visibility(lesson, n) : Visibility::Ones(n, m);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < m; ++j) {
      switch (lesson.mask) {
        case MaskKind::none: break;
        case MaskKind::causal: v(i, j) = j <= i; break;
        case MaskKind::padding: v(i, j) = v(i, j) && !lesson.padding[static_cast<std::size_t>(j)]; break;
        case MaskKind::matrix: v(i, j) = v(i, j) && lesson.mask_matrix(i, j) != 0; break;
      }
    }
  return v;
}

Visibility source_visibility(const Lesson& lesson, Eigen::Index queries) {
  const auto m = static_cast<Eigen::Index>(lesson.source->tokens.size());
  Visibility v = Visibility::Ones(queries, m);
  const auto& padding = lesson.source->padding;
  for (Eigen::Index j = 0; j < m && static_cast<std::size_t>(j) < padding.size(); ++j)
    if (padding[static_cast<std::size_t>(j)]) v.col(j).setZero();
  return v;
}

Matrix apply_mask(const Matrix& scaled, const Visibility& visible) {
  Matrix masked = scaled;
  // Both are row-major and of one shape: one pass over the flat arrays.
  const unsigned char* v = visible.data();
  double* m = masked.data();
  for (Eigen::Index k = 0; k < masked.size(); ++k)
    if (!v[k]) m[k] = -std::numeric_limits<double>::infinity();
  return masked;
}

}  // namespace attnlab
