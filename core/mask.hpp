#pragma once
// Which keys each query may see.
#include "lesson.hpp"

namespace attnlab {

// The kind of a lesson's mask by the form its "mask" field takes (core/lesson-format.md): "none" (absent), "causal",
// "padding" ({"padding": [...]}) or "matrix" (n × n of 0/1).
const char* mask_name(MaskKind kind);

// n × n, 1 = visible. Causal: key j ≤ query i. Padding: PAD tokens are hidden as keys.
// A cross-attention's keys are the source's tokens: n × m.
Visibility visibility(const Lesson& lesson);

// n × m over the source's tokens: its padding hidden (a decoder's cross-attention, PyTorch's memory_key_padding_mask).
Visibility source_visibility(const Lesson& lesson, Eigen::Index queries);

// scaled with -inf where hidden: exp(-inf) is exactly 0, so hidden weights are exactly 0.
Matrix apply_mask(const Matrix& scaled, const Visibility& visible);

}  // namespace attnlab
