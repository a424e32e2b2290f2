#pragma once
// Reading tests/fixtures/labs/*.json (scripts/make_lab_fixtures.py): NumPy's numbers for the labs.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

namespace attnlab::test {

inline nlohmann::json lab_fixture(const std::string& name) {
  std::ifstream in(std::filesystem::path(ATTNLAB_FIXTURES) / "labs" / (name + ".json"));
  return nlohmann::json::parse(in);
}

// JSON has no inf/NaN: the fixtures write them as "inf", "-inf", "nan".
inline double fixture_number(const nlohmann::json& j) {
  if (j.is_string()) {
    const std::string s = j.get<std::string>();
    if (s == "inf") return std::numeric_limits<double>::infinity();
    if (s == "-inf") return -std::numeric_limits<double>::infinity();
    return std::numeric_limits<double>::quiet_NaN();
  }
  return j.get<double>();
}

// Equal within tol (absolute, or relative to |expected| when relative), with inf = inf and NaN = NaN.
inline bool same_number(double actual, double expected, double tol, bool relative = false) {
  if (std::isnan(expected)) return std::isnan(actual);
  if (std::isinf(expected)) return actual == expected;
  return std::abs(actual - expected) <= tol * (relative ? std::max(1.0, std::abs(expected)) : 1.0);
}

}  // namespace attnlab::test
