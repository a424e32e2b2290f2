#pragma once
// Which keys each query may see.
#include "lesson.hpp"

namespace attnlab {

// n × n, 1 = visible. Causal: key j ≤ query i. Padding: PAD tokens are hidden as keys.
Visibility visibility(const Lesson& lesson);

// scaled with -inf where hidden: exp(-inf) is exactly 0, so hidden weights are exactly 0.
Matrix apply_mask(const Matrix& scaled, const Visibility& visible);

}  // namespace attnlab
