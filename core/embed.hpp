#pragma once
// Step 1, embed: tokens -> ids -> rows of X.
#include <optional>
#include <vector>

#include "lesson.hpp"

namespace attnlab {

// Each token's index in the lesson's vocabulary, when it has one.
std::optional<std::vector<int>> token_ids(const Lesson& lesson);

// X as given, or looked up row by row in the embedding table E.
Matrix embeddings(const Lesson& lesson);

// The source's rows (m × d_model) of a cross-attention: source.X as given, or looked up in E.
Matrix source_embeddings(const Lesson& lesson);

}  // namespace attnlab
