#include "answer_check.hpp"

#include <cmath>

namespace attnlab {
namespace {

using nlohmann::json;

bool finite(const json& v) { return v.is_number() && std::isfinite(v.get<double>()); }

bool near(const json& a, const json& b, double tol) {
  return finite(a) && finite(b) && std::abs(a.get<double>() - b.get<double>()) <= tol + 1e-12;
}

bool near_all(const json& a, const json& b, double tol) {
  if (!a.is_array() || !b.is_array() || a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (!near(a[k], b[k], tol)) return false;
  return true;
}

const json& at(const json& j, const char* key) {
  static const json none;
  if (!j.is_object()) return none;
  const auto it = j.find(key);
  return it == j.end() ? none : *it;
}

}  // namespace

bool answer_matches(const json& a, const json& b, double tol) {
  if (!a.is_object() || !b.is_object() || !at(a, "type").is_string() || at(a, "type") != at(b, "type")) return false;
  if (!(tol >= 0) || !std::isfinite(tol)) return false;
  const std::string type = at(a, "type");
  if (type == "number") return near(at(a, "value"), at(b, "value"), tol);
  if (type == "vector") return near_all(at(a, "values"), at(b, "values"), tol);
  if (type == "choice") {
    const json &x = at(a, "index"), &y = at(b, "index");
    return x.is_number_integer() && y.is_number_integer() && x == y;
  }
  if (type == "mask") {
    const json &za = at(a, "zeros"), &zb = at(b, "zeros"), &wa = at(a, "weights"), &wb = at(b, "weights");
    if (!za.is_array() || za != zb || !wa.is_array() || !wb.is_array() || wa.size() != wb.size()) return false;
    for (std::size_t k = 0; k < wa.size(); ++k) {
      bool hidden = false;
      for (const auto& z : za)
        hidden = hidden || (z.is_number_integer() && z.get<long long>() == static_cast<long long>(k));
      if (!hidden && !near(wa[k], wb[k], tol)) return false;
    }
    return true;
  }
  if (type == "shapes") {
    const json &sa = at(a, "shapes"), &sb = at(b, "shapes");
    if (!sa.is_object() || !sb.is_object()) return false;
    for (auto it = sb.begin(); it != sb.end(); ++it) {
      const json& mine = at(sa, it.key().c_str());
      if (!mine.is_array() || mine.size() != 2 || !it->is_array() || it->size() != 2) return false;
      for (std::size_t k = 0; k < 2; ++k)
        if (!mine[k].is_number() || !(*it)[k].is_number() || mine[k].get<double>() != (*it)[k].get<double>())
          return false;
    }
    return true;
  }
  return false;
}

Judgement judge_answer(const json& exercise, const json& answer) {
  Judgement j;
  const json& tol = at(exercise, "tolerance");
  const double t = finite(tol) ? tol.get<double>() : -1;
  if (answer_matches(answer, at(exercise, "answer"), t)) return j.correct = true, j;
  const json& mistakes = at(exercise, "mistakes");
  if (mistakes.is_array())
    for (std::size_t k = 0; k < mistakes.size(); ++k)
      if (answer_matches(answer, at(mistakes[k], "answer"), t)) return j.mistake = static_cast<int>(k), j;
  return j;
}

}  // namespace attnlab
