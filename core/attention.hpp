#pragma once
// The engine: a validated lesson in, the whole trace out —
// embed → project → score → scale → (mask) → softmax → sum, per head; then concat and W_O.
#include "lesson.hpp"
#include "trace.hpp"

namespace attnlab {

// `lesson` must have passed validate() (read_lesson does that).
// `previous` (optional) is the trace of the lesson computed just before, e.g. before a student's edit: the
// steps whose inputs the edit left alone are moved out of it instead of computed again (the same numbers —
// the computation is deterministic); it is left in a valid but unspecified state.
// The lesson is taken by value: its matrices become the trace's inputs, moved when the caller passes an rvalue.
Trace compute_trace(Lesson lesson, Trace* previous = nullptr);

}  // namespace attnlab
