#include "steps.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace attnlab {
namespace {

#include "steps.json.inc"

// The file is the project's own and checked by the tests: read once, without exceptions.
const nlohmann::json& data() {
  static const nlohmann::json j = nlohmann::json::parse(steps_json, nullptr, false);
  return j;
}
std::vector<std::string> strings(const nlohmann::json& list) {
  std::vector<std::string> out;
  if (list.is_array())
    for (const auto& s : list)
      if (s.is_string()) out.push_back(s.get<std::string>());
  return out;
}

}  // namespace

const std::vector<std::string>& step_ids() {
  static const std::vector<std::string> ids = [] {
    std::vector<std::string> out;
    if (data().contains("steps"))
      for (const auto& s : data()["steps"])
        if (s.contains("id") && s["id"].is_string()) out.push_back(s["id"].get<std::string>());
    return out;
  }();
  return ids;
}

const std::vector<std::string>& selectable_matrices() {
  static const std::vector<std::string> names = strings(data().value("selectable", nlohmann::json::array()));
  return names;
}

const std::vector<std::string>& lockable_inputs() {
  static const std::vector<std::string> names = strings(data().value("lockable", nlohmann::json::array()));
  return names;
}

bool one_of(const std::vector<std::string>& names, std::string_view name) {
  return std::find(names.begin(), names.end(), name) != names.end();
}

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

}  // namespace attnlab
