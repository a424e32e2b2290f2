#pragma once
// JSON has no infinities and no NaN. Where the engine's answers to JavaScript must carry them (a hidden logit, a
// float16 overflow, a loss that diverged), they travel as the strings "Infinity", "-Infinity" and "NaN" — the
// names JavaScript prints and Number() reads back — and are read back the same way.
#include <nlohmann/json.hpp>

namespace attnlab {

// x itself when finite, else its name.
nlohmann::json json_number(double x);

// A number, or one of the three names; NaN for anything else (the caller decides what that means).
double read_json_number(const nlohmann::json& j);

}  // namespace attnlab
