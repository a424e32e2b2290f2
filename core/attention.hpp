#pragma once
// The engine: a validated lesson in, the whole trace out —
// embed → project → score → scale → (mask) → softmax → sum, per head; then concat and W_O.
#include "lesson.hpp"
#include "trace.hpp"

namespace attnlab {

// `lesson` must have passed validate() (read_lesson does that).
Trace compute_trace(const Lesson& lesson);

}  // namespace attnlab
