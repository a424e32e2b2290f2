#include "embed.hpp"

#include <algorithm>

namespace attnlab {

std::optional<std::vector<int>> token_ids(const Lesson& lesson) {
  if (!lesson.vocab) return std::nullopt;
  const auto& vocab = *lesson.vocab;
  std::vector<int> ids;
  for (const auto& t : lesson.tokens) {
    const auto it = std::find(vocab.begin(), vocab.end(), t);
    ids.push_back(it == vocab.end() ? -1 : static_cast<int>(it - vocab.begin()));
  }
  return ids;
}

Matrix embeddings(const Lesson& lesson) {
  if (const Matrix* x = lesson.find("X")) return *x;
  const Matrix& E = *lesson.find("E");
  const auto ids = *token_ids(lesson);
  Matrix X(static_cast<Eigen::Index>(ids.size()), E.cols());
  for (std::size_t i = 0; i < ids.size(); ++i) X.row(static_cast<Eigen::Index>(i)) = E.row(ids[i]);
  return X;
}

}  // namespace attnlab
