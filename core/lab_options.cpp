#include "lab_options.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "json_number.hpp"
#include "limits.hpp"

namespace attnlab {
namespace {

using nlohmann::json;

double get(const json& o, const char* key, double fallback) {
  auto it = o.find(key);
  if (it == o.end()) return fallback;
  const double x = read_json_number(*it);
  return std::isnan(x) ? fallback : x;
}
int get_int(const json& o, const char* key, int fallback) {
  const double x = get(o, key, fallback);
  return std::abs(x) < 1e9 ? static_cast<int>(x) : fallback;
}
std::uint32_t get_seed(const json& o, double fallback) {
  return static_cast<std::uint32_t>(std::clamp(get(o, "seed", fallback), 0.0, static_cast<double>(limits::max_seed)));
}
std::vector<double> get_list(const json& o, const char* key, std::size_t max_size) {
  std::vector<double> out;
  auto it = o.find(key);
  if (it == o.end() || !it->is_array()) return out;
  for (const auto& v : *it)
    if (out.size() < max_size) out.push_back(read_json_number(v));
  return out;
}
// A rectangular matrix of finite numbers, at most max_rows × max_cols; empty when the field is not one.
Matrix get_matrix(const json& o, const char* key, std::size_t max_rows, std::size_t max_cols) {
  auto it = o.find(key);
  if (it == o.end() || !it->is_array() || it->empty() || it->size() > max_rows) return {};
  const auto& first = (*it)[0];
  if (!first.is_array() || first.empty() || first.size() > max_cols) return {};
  Matrix m(static_cast<Eigen::Index>(it->size()), static_cast<Eigen::Index>(first.size()));
  for (Eigen::Index r = 0; r < m.rows(); ++r) {
    const auto& row = (*it)[static_cast<std::size_t>(r)];
    if (!row.is_array() || row.size() != first.size()) return {};
    for (Eigen::Index c = 0; c < m.cols(); ++c) {
      const double x = read_json_number(row[static_cast<std::size_t>(c)]);
      if (!std::isfinite(x)) return {};
      m(r, c) = x;
    }
  }
  return m;
}
json object(const json& o) { return o.is_object() ? o : json::object(); }

}  // namespace

ScaleLabOptions scale_lab_options(const json& given) {
  const json o = object(given);
  ScaleLabOptions options;
  const auto d_k = get_list(o, "dK", 64);
  if (!d_k.empty()) {
    options.d_k.clear();
    for (double d : d_k) options.d_k.push_back(std::isfinite(d) ? static_cast<int>(std::clamp(d, 1.0, 1024.0)) : 1);
  }
  options.queries = get_int(o, "queries", options.queries);
  options.keys = get_int(o, "keys", options.keys);
  options.seed = get_seed(o, 0);
  return options;
}

PrecisionOptions precision_options(const json& given) {
  const json o = object(given);
  PrecisionOptions p;
  p.logits = get_list(o, "logits", 64);
  if (auto h = o.find("hidden"); h != o.end() && h->is_array())
    for (const auto& v : *h) p.hidden.push_back(v.is_boolean() && v.get<bool>());
  p.mask = o.contains("mask") ? read_json_number(o["mask"]) : -std::numeric_limits<double>::infinity();
  return p;
}

BahdanauOptions bahdanau_options(const json& given) {
  const json o = object(given);
  BahdanauOptions b;
  b.H = get_matrix(o, "H", 64, 64);
  b.S = get_matrix(o, "S", 64, 64);
  if (b.H.size() == 0 || b.S.size() == 0) b.problem = "H and S must be non-empty matrices of numbers (at most 64 × 64)";
  else if (b.H.cols() != b.S.cols()) b.problem = "encoder and decoder states must have the same size";
  if (!b.problem.empty()) b.H = b.S = Matrix();
  b.d_a = std::clamp(get_int(o, "dA", b.d_a), 1, 64);
  b.seed = get_seed(o, 0);
  return b;
}

TrainingOptions training_options(const json& given) {
  const json o = object(given);
  TrainingOptions t;
  t.seed = get_seed(o, t.seed);
  t.symbols = get_int(o, "symbols", t.symbols);
  t.half_length = get_int(o, "halfLength", t.half_length);
  t.d_model = get_int(o, "dModel", t.d_model);
  t.d_k = get_int(o, "dK", t.d_k);
  t.examples = get_int(o, "examples", t.examples);
  t.learning_rate = get(o, "learningRate", t.learning_rate);
  if (auto a = o.find("adam"); a != o.end() && a->is_boolean()) t.adam = a->get<bool>();
  return t;
}

int training_updates(int updates) { return std::clamp(updates, 0, 10000); }

}  // namespace attnlab
