#include "softmax_precision.hpp"

#include <cfenv>
#include <cmath>

// Emscripten's <fenv.h> defines FE_ALL_EXCEPT but none of the flags (wasm has no floating-point exceptions);
// xtl's half names them even with its error handling off, where they are never raised.
#ifndef FE_INEXACT
#define FE_INVALID 0x10
#define FE_DIVBYZERO 0x08
#define FE_OVERFLOW 0x04
#define FE_UNDERFLOW 0x02
#define FE_INEXACT 0x01
#endif
#include <xtl/xhalf_float.hpp>

namespace attnlab {
namespace {

using half = xtl::half_float;

template <class T>
T from_double(double x);
template <>
double from_double<double>(double x) {
  return x;
}
// half_cast rounds the double once (half(double) would round to float first, then to half).
template <>
half from_double<half>(double x) {
  return half_float::half_cast<half>(x);
}

double as_double(double x) { return x; }
double as_double(half x) { return static_cast<double>(static_cast<float>(x)); }

template <class T>
SoftmaxRun run(const std::vector<double>& logits, const std::vector<bool>& hidden, double mask_value,
               bool subtract_max) {
  using std::exp;  // half_float::exp is found by argument-dependent lookup
  const std::size_t n = logits.size();
  SoftmaxRun r;
  r.subtract_max = subtract_max;
  std::vector<T> x(n), e(n);
  for (std::size_t i = 0; i < n; ++i) x[i] = from_double<T>(i < hidden.size() && hidden[i] ? mask_value : logits[i]);
  T max = from_double<T>(0.0);
  if (subtract_max && n > 0) {
    max = x[0];
    for (std::size_t i = 1; i < n; ++i)
      if (x[i] > max) max = x[i];
  }
  T sum = from_double<T>(0.0);
  for (std::size_t i = 0; i < n; ++i) {
    const T shifted = subtract_max ? T(x[i] - max) : x[i];
    e[i] = exp(shifted);
    sum = T(sum + e[i]);
    r.inputs.push_back(as_double(x[i]));
    r.shifted.push_back(as_double(shifted));
    r.exp.push_back(as_double(e[i]));
  }
  r.max = as_double(max);
  r.sum = as_double(sum);
  for (std::size_t i = 0; i < n; ++i) r.weights.push_back(as_double(T(e[i] / sum)));
  for (double v : r.exp) r.overflow = r.overflow || std::isinf(v);
  r.overflow = r.overflow || std::isinf(r.sum);
  for (double w : r.weights) r.invalid = r.invalid || std::isnan(w);
  return r;
}

}  // namespace

double to_half(double x) { return as_double(from_double<half>(x)); }

SoftmaxRun softmax_run(const std::vector<double>& logits, const std::vector<bool>& hidden, double mask_value,
                       bool half_precision, bool subtract_max) {
  SoftmaxRun r = half_precision ? run<half>(logits, hidden, mask_value, subtract_max)
                                : run<double>(logits, hidden, mask_value, subtract_max);
  r.half = half_precision;
  return r;
}

std::vector<SoftmaxRun> softmax_precision(const std::vector<double>& logits, const std::vector<bool>& hidden,
                                          double mask_value) {
  return {softmax_run(logits, hidden, mask_value, false, false), softmax_run(logits, hidden, mask_value, false, true),
          softmax_run(logits, hidden, mask_value, true, false), softmax_run(logits, hidden, mask_value, true, true)};
}

std::string run_name(const SoftmaxRun& run) {
  return std::string(run.half ? "float16" : "float64") + (run.subtract_max ? ", max subtracted" : ", naive");
}

}  // namespace attnlab
