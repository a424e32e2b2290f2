// How every C API call answers JavaScript: JSON text on the heap, a copy the caller owns (read it, then free it).
// Shared by the walkthrough's calls (bindings.cpp), the exercises' (bindings_exercises.cpp) and the labs'.
#pragma once

#include <cstring>
#include <string>

#include <nlohmann/json.hpp>

#include "problem_json.hpp"

namespace attnlab::wasm {

inline char* answer(const std::string& s) { return strdup(s.c_str()); }
inline std::string dump(const nlohmann::json& j) {
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

inline nlohmann::json problems_json(const Problems& found) {
  nlohmann::json out = nlohmann::json::array();
  for (const auto& p : found) out.push_back(problem_json(p));
  return out;
}
// {"ok": false, "problems": […]}
inline char* refused(const Problems& found) {
  return answer(dump({{"ok", false}, {"problems", problems_json(found)}}));
}

}  // namespace attnlab::wasm
