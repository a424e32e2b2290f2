// libFuzzer target: lesson → trace, with bounded sizes. The input's bytes choose a lesson (n ≤ 8 tokens,
// d_model ≤ 8, ≤ 3 heads, every score function, scale, mask, optional W_O) and its numbers, biased towards the
// extremes the limits allow (±1e12, 1e-300, subnormals, 0) and beyond them (NaN, ∞, 1e300). The lesson goes
// through the engine's reader as JSON, as from a file or a link; a lesson it accepts must compute to finite
// numbers everywhere (hidden cells aside), weights in [0, 1] whose visible rows sum to 1, cosine scores in
// [-1, 1], and `attnlab trace` must print it.
#include <fuzzer/FuzzedDataProvider.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>

#include <nlohmann/json.hpp>

#include "attention.hpp"
#include "commands.hpp"
#include "lesson_json.hpp"

using namespace attnlab;
using nlohmann::json;

namespace {
void require(bool ok) {
  if (!ok) std::abort();
}

double value(FuzzedDataProvider& in) {
  static constexpr double special[] = {0.0,
                                       1.0,
                                       -1.0,
                                       1e12,
                                       -1e12,
                                       1e-300,
                                       -1e-300,
                                       5e-324,
                                       1e-12,
                                       1e6,
                                       0.5,
                                       1e300,
                                       std::numeric_limits<double>::infinity(),
                                       std::numeric_limits<double>::quiet_NaN(),
                                       1e-150,
                                       3.0};
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: return special[in.ConsumeIntegralInRange<std::size_t>(0, std::size(special) - 1)];
    case 1: return in.ConsumeFloatingPoint<double>();
    case 2: return in.ConsumeFloatingPointInRange<double>(-4, 4);
    default:
      return std::ldexp(in.ConsumeFloatingPointInRange<double>(-1, 1), in.ConsumeIntegralInRange<int>(-1100, 60));
  }
}

json matrix(FuzzedDataProvider& in, int rows, int cols) {
  json m = json::array();
  for (int r = 0; r < rows; ++r) {
    json row = json::array();
    for (int c = 0; c < cols; ++c) row.push_back(value(in));  // NaN and ∞ are written as null
    m.push_back(std::move(row));
  }
  return m;
}

void all_finite(const Matrix& m) { require(m.allFinite()); }
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider in(data, size);
  // small on purpose: the numbers are what is fuzzed, and a small lesson runs thousands of times a second
  const int n = in.ConsumeIntegralInRange<int>(1, 8), d = in.ConsumeIntegralInRange<int>(1, 8);
  const int heads = in.ConsumeIntegralInRange<int>(1, 3), dk = in.ConsumeIntegralInRange<int>(1, 3),
            dv = in.ConsumeIntegralInRange<int>(1, 3);
  static const char* scores[] = {"scaled_dot", "dot", "general", "additive", "cosine", "location"};
  const std::string score = scores[in.ConsumeIntegralInRange<int>(0, 5)];
  json l;
  l["heads"] = heads;
  l["score"] = score;
  l["X"] = matrix(in, n, d);
  l["W_Q"] = matrix(in, d, heads * dk);
  l["W_K"] = matrix(in, d, heads * dk);
  l["W_V"] = matrix(in, d, heads * dv);
  if (in.ConsumeBool()) l["W_O"] = matrix(in, heads * dv, in.ConsumeIntegralInRange<int>(1, 6));
  if (score == "general") l["W_a"] = matrix(in, dk, dk);
  if (score == "location") l["W_a"] = matrix(in, dk, n);
  if (score == "additive") {
    const int da = in.ConsumeIntegralInRange<int>(1, 4);
    l["W_1"] = matrix(in, dk, da);
    l["W_2"] = matrix(in, dk, da);
    l["v_a"] = matrix(in, 1, da)[0];
  }
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: break;
    case 1: l["scale"] = "sqrt_dk"; break;
    case 2: l["scale"] = "none"; break;
    default: l["scale"] = value(in);
  }
  switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 0: break;
    case 1: l["mask"] = "causal"; break;
    case 2: {
      json p = json::array();
      for (int i = 0; i < n; ++i) p.push_back(in.ConsumeBool());
      l["mask"] = {{"padding", p}};
      break;
    }
    default: {
      json m = json::array();
      for (int i = 0; i < n; ++i) {
        json row = json::array();
        for (int j = 0; j < n; ++j) row.push_back(in.ConsumeBool() ? 1 : 0);
        m.push_back(row);
      }
      l["mask"] = m;
    }
  }
  if (in.ConsumeBool()) l["title"] = in.ConsumeRandomLengthString(300);
  const std::string text = l.dump(-1, ' ', false, json::error_handler_t::replace);

  Lesson lesson;
  if (!read_lesson(text, lesson).empty()) return 0;
  const Trace t = compute_trace(lesson);
  all_finite(t.X);
  all_finite(t.output);
  for (const HeadTrace& h : t.head) {
    for (const Matrix* m : {&h.Q, &h.K, &h.V, &h.scores, &h.scaled, &h.Z}) all_finite(*m);
    for (Eigen::Index i = 0; i < h.weights.rows(); ++i) {
      double sum = 0;
      bool any = false;
      for (Eigen::Index j = 0; j < h.weights.cols(); ++j) {
        const double w = h.weights(i, j);
        require(w >= 0 && w <= 1);
        require(t.visible(i, j) ? std::isfinite(h.masked(i, j)) : (w == 0 && h.masked(i, j) == -HUGE_VAL));
        any = any || t.visible(i, j);
        sum += w;
      }
      require(any ? std::abs(sum - 1) < 1e-9 : sum == 0);
    }
    if (score == "cosine") require((h.scores.array().abs() <= 1).all());
  }
  // `attnlab trace` prints it, with no number a reader could not take back (NaN and infinities print as null,
  // which only hidden cells may be)
  const CommandResult r = run_command("trace", text, "fuzz.json");
  require(r.exit_code == 0 && r.out.size() > 2 && r.out.find("nan") == std::string::npos &&
          r.out.find("inf") == std::string::npos);
  return 0;
}
