#pragma once
// Numerical stability of the softmax: the same row computed with and without subtracting its max, in double
// precision and in IEEE half precision (xtl::half_float, largest finite value 65504, so exp(x) overflows for
// x above ln 65504 ≈ 11.09), and with hidden keys set to −inf or to a large negative number.
#include <string>
#include <vector>

namespace attnlab {

constexpr double half_max = 65504.0;  // the largest finite half

// x rounded to the nearest half (what storing it in 16 bits keeps), back as a double; ±inf beyond ±65520.
double to_half(double x);

struct SoftmaxRun {
  bool half = false;            // every operation rounded to half precision
  bool subtract_max = false;    // exp(x − max) instead of exp(x)
  std::vector<double> inputs;   // the row as stored: logits, hidden entries replaced by the mask value
  double max = 0;               // what was subtracted (0 without subtract_max)
  std::vector<double> shifted;  // inputs − max
  std::vector<double> exp;      // exp(shifted)
  double sum = 0;
  std::vector<double> weights;  // exp / sum
  bool overflow = false;        // an exp or the sum is +inf
  bool invalid = false;         // a weight is NaN (inf/inf or 0/0)
};

// One softmax of `logits`, hidden[i] = true replaces logit i by mask_value (masked_fill; −inf allowed).
SoftmaxRun softmax_run(const std::vector<double>& logits, const std::vector<bool>& hidden, double mask_value, bool half,
                       bool subtract_max);

// All four: double naive, double stable, half naive, half stable (in that order).
std::vector<SoftmaxRun> softmax_precision(const std::vector<double>& logits, const std::vector<bool>& hidden,
                                          double mask_value);

// "float64, max subtracted" and the like, for labels.
std::string run_name(const SoftmaxRun& run);

}  // namespace attnlab
