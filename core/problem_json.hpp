#pragma once
// A problem as the C API answers it: {"field", "message", "code", "params": {name: number or text}}. Pages show
// engine.<code> with the params in the reader's language; hosts and the CLI read the English message.
#include <nlohmann/json.hpp>

#include "problems.hpp"

namespace attnlab {

nlohmann::json problem_json(const Problem& problem);

// A message's parameters as a JSON object, {name: number or text}.
nlohmann::json params_json(const ProblemParams& params);

}  // namespace attnlab
