#pragma once
// Checks that a parsed lesson's shapes fit together and stay within the limits.
#include "lesson.hpp"
#include "problems.hpp"

namespace attnlab {

// Every problem, each naming its field; empty when the engine can compute the lesson.
Problems validate(const Lesson& lesson);

}  // namespace attnlab
