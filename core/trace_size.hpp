#pragma once
// How big a lesson's trace is before it is computed: the numbers it holds (what `attnlab trace` would print, and
// the cap on that) and the work of computing it (the page sends big lessons to its Web Worker). Both read a lesson
// that passed read_lesson.
#include <cstddef>
#include <optional>

#include "lesson.hpp"
#include "problems.hpp"

namespace attnlab {

// The numbers of the trace's JSON (its matrices; ids, sizes and the divisor aside).
std::size_t trace_numbers(const Lesson& lesson);

// Roughly the multiply-adds of the forward pass: the projections, QKᵀ and the weighted sum, plus a fixed cost per
// attention cell and head for the mask, the softmax and the copies of the per-head matrices out of the engine.
double trace_work(const Lesson& lesson);

// The problem of a lesson whose trace JSON would pass limits::max_trace_numbers (field "lesson"), or nothing.
std::optional<Problem> trace_too_large(const Lesson& lesson);

}  // namespace attnlab
