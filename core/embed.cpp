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

namespace {
Matrix look_up(const Lesson& lesson, const std::vector<std::string>& tokens) {
  const Matrix& E = *lesson.find("E");
  const auto& vocab = *lesson.vocab;
  Matrix X(static_cast<Eigen::Index>(tokens.size()), E.cols());
  for (std::size_t i = 0; i < tokens.size(); ++i)
    X.row(static_cast<Eigen::Index>(i)) = E.row(std::find(vocab.begin(), vocab.end(), tokens[i]) - vocab.begin());
  return X;
}
}  // namespace

Matrix embeddings(const Lesson& lesson) {
  if (const Matrix* x = lesson.find("X")) return *x;
  return look_up(lesson, lesson.tokens);
}

Matrix source_embeddings(const Lesson& lesson) {
  if (const Matrix* x = lesson.find("source.X")) return *x;
  return look_up(lesson, lesson.source->tokens);
}

}  // namespace attnlab
