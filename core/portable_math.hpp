#pragma once
// exp and tanh that give the same bits natively and in wasm. glibc picks an FMA variant of exp at run
// time on some CPUs while musl (wasm) does not, so std::exp can differ in the last bit between the two
// builds; these use only +, −, ×, ÷ in a fixed order. Error about 1 ulp, well inside every tolerance.
#include <cmath>
#include <limits>

namespace attnlab {

inline double portable_exp(double x) {
  if (std::isnan(x)) return x;
  if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
  if (x < -745.1332191019412) return 0.0;  // also exp(-inf) = 0 exactly, which masking relies on
  // x = k·ln2 + r with |r| ≤ ln2/2; ln2 split in two so k·ln2_hi is exact (Cody–Waite).
  const double k = std::nearbyint(x * 1.4426950408889634);
  const double r = (x - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
  // exp(r) by its Taylor series to degree 13 in Horner form, 1 + r(1 + r/2(1 + r/3(…))): the remainder is
  // below 1e-17 for |r| ≤ 0.35.
  double s = 1.0;
  for (int n = 13; n >= 1; --n) s = 1.0 + s * r / n;
  return std::ldexp(s, static_cast<int>(k));
}

inline double portable_tanh(double x) {
  const double t = portable_exp(-2 * std::abs(x));
  return std::copysign((1 - t) / (1 + t), x);
}

}  // namespace attnlab
