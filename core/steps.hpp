#pragma once
// The walkthrough's steps and the names a link may carry, from core/steps.json — the one list the page's
// web/registry.js reads too (the file is compiled in by CMake: core/steps.json.inc.in).
#include <string>
#include <string_view>
#include <vector>

namespace attnlab {

// "embed", "project", "score", "scale", "softmax", "sum", in order.
const std::vector<std::string>& step_ids();
// The matrices a link's selection may name.
const std::vector<std::string>& selectable_matrices();
// What an instructor may lock: the editable inputs and the controls that are not a matrix.
const std::vector<std::string>& lockable_inputs();

bool one_of(const std::vector<std::string>& names, std::string_view name);
// "a, b, c": the names as a message lists them.
std::string listed(const std::vector<std::string>& names);

}  // namespace attnlab
