#pragma once
// Reading a lesson from JSON text (the CLI, the wasm module and the URL all come through here)
// and writing one back.
#include <string>
#include <string_view>

#include "lesson.hpp"
#include "problems.hpp"
#include "seeded_draws.hpp"

namespace attnlab {

// Parses and validates. On success returns no problems and fills `lesson`; otherwise returns every
// problem found (a lesson with problems must not be computed).
Problems read_lesson(std::string_view json_text, Lesson& lesson);

// Applies matrices that arrived outside the JSON (typed arrays from JavaScript) before validating:
// they win over JSON and seeded draws alike (and are moved into the lesson, not copied). `draws` (may be null), the
// caller's, lends the draws of an init block read before and keeps this one's.
Problems read_lesson(std::string_view json_text, std::map<std::string, Matrix> overrides, Lesson& lesson,
                     SeededDraws* draws = nullptr);

}  // namespace attnlab
