#pragma once
// exp and tanh that give the same bits natively and in wasm. glibc picks an FMA variant of exp at run
// time on some CPUs while musl (wasm) does not, so std::exp can differ in the last bit between the two
// builds; these use only +, −, ×, ÷ in a fixed order. Error about 1 ulp, well inside every tolerance.
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace attnlab {

inline double portable_exp(double x) {
  if (std::isnan(x)) return x;
  if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
  if (x < -745.1332191019412) return 0.0;  // also exp(-inf) = 0 exactly, which masking relies on
  // x = k·ln2 + r with |r| ≤ ln2/2; ln2 split in two so k·ln2_hi is exact (Cody–Waite). k is rounded to the
  // nearest integer by adding and removing 1.5·2^52 (what nearbyint does, without a library call).
  constexpr double shifter = 6755399441055744.0;
  const double k = (x * 1.4426950408889634 + shifter) - shifter;
  const double r = (x - k * 6.93147180369123816490e-01) - k * 1.90821492927058770002e-10;
  // exp(r) by its Taylor series to degree 13 (remainder below 1e-17 for |r| ≤ 0.35), the constants 1/n!
  // multiplied in Estrin's scheme: short chains of dependent operations, no division (softmax calls this
  // for every score).
  const double r2 = r * r, r4 = r2 * r2, r8 = r4 * r4;
  const double c01 = 1.0 + r, c23 = 0.5 + r * (1.0 / 6.0), c45 = 1.0 / 24.0 + r * (1.0 / 120.0),
               c67 = 1.0 / 720.0 + r * (1.0 / 5040.0), c89 = 1.0 / 40320.0 + r * (1.0 / 362880.0),
               c1011 = 1.0 / 3628800.0 + r * (1.0 / 39916800.0), c1213 = 1.0 / 479001600.0 + r * (1.0 / 6227020800.0);
  const double s = ((c01 + c23 * r2) + (c45 + c67 * r2) * r4) + ((c89 + c1011 * r2) + c1213 * r4) * r8;
  // s · 2^k: exact when 2^k is a normal number; otherwise ldexp handles overflow and subnormal results.
  const int e = static_cast<int>(k);
  if (e < -1021 || e > 1023) return std::ldexp(s, e);
  const std::uint64_t bits = static_cast<std::uint64_t>(e + 1023) << 52;
  double two_to_e;
  std::memcpy(&two_to_e, &bits, sizeof two_to_e);
  return s * two_to_e;
}

inline double portable_tanh(double x) {
  const double t = portable_exp(-2 * std::abs(x));
  return std::copysign((1 - t) / (1 + t), x);
}

}  // namespace attnlab
