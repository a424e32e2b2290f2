#include "problem_json.hpp"

namespace attnlab {

nlohmann::json problem_json(const Problem& problem) {
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [name, value] : problem.params) std::visit([&](const auto& v) { params[name] = v; }, value);
  return {{"field", problem.field}, {"message", problem.message}, {"code", problem.code}, {"params", params}};
}

}  // namespace attnlab
