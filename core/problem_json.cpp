#include "problem_json.hpp"

namespace attnlab {

nlohmann::json params_json(const ProblemParams& params) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& param : params)  // (clang 14 cannot capture a structured binding)
    std::visit([&](const auto& v) { out[param.first] = v; }, param.second);
  return out;
}

nlohmann::json problem_json(const Problem& problem) {
  return {{"field", problem.field},
          {"message", problem.message},
          {"code", problem.code},
          {"params", params_json(problem.params)}};
}

}  // namespace attnlab
