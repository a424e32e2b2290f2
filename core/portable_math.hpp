#pragma once
// exp, tanh, sin, cos and erf that give the same bits natively and in wasm. glibc picks an FMA variant of exp
// at run time on some CPUs while musl (wasm) does not, so std::exp can differ in the last bit between the two
// builds; these use only +, −, ×, ÷ (and √, which IEEE rounds exactly) in a fixed order. Error about 1 ulp,
// well inside every tolerance. sin, cos and erf follow fdlibm (FreeBSD msun, as musl has them), with its
// constants; see the notice at portable_sin.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace attnlab {

// exp's argument reduction: one set of constants for the scalar and the paired forms (so the same bits)
namespace exp_constants {
constexpr double shifter = 6755399441055744.0;  // 1.5·2^52
constexpr double log2e = 1.4426950408889634, ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
}  // namespace exp_constants

inline double portable_exp(double x) {
  using namespace exp_constants;
  if (std::isnan(x)) return x;
  if (x > 709.782712893384) return std::numeric_limits<double>::infinity();
  if (x < -745.1332191019412) return 0.0;  // also exp(-inf) = 0 exactly, which masking relies on
  // x = k·ln2 + r with |r| ≤ ln2/2; ln2 split in two so k·ln2_hi is exact (Cody–Waite). k is rounded to the
  // nearest integer by adding and removing 1.5·2^52 (what nearbyint does, without a library call).
  const double k = (x * log2e + shifter) - shifter;
  const double r = (x - k * ln2_hi) - k * ln2_lo;
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

// out[j] = portable_exp(x[j] − shift) for j < n, the same bits, two at a time where SSE2 is (natively on x86-64;
// in wasm, Emscripten's SSE2 over wasm SIMD): softmax exponentiates every score, and the scalar function's
// branches keep compilers from vectorising its loop. The same operations in the same order round the same way
// in each lane; a pair with a lane outside the plain path (NaN, or a result near or past the ends of the
// normal numbers) is computed by the scalar function.
inline void portable_exp_shifted(const double* x, double shift, double* out, std::ptrdiff_t n) {
  std::ptrdiff_t j = 0;
#ifdef __SSE2__
  using namespace exp_constants;
  const auto c = [](double v) { return _mm_set1_pd(v); };
  const __m128d shift_k = c(shifter), exponent_bias = c(shifter + 1023.0), s = c(shift);
  for (; j + 2 <= n; j += 2) {
    const __m128d v = _mm_sub_pd(_mm_loadu_pd(x + j), s);
    // −708 and 709: k stays in [−1021, 1023], where 2^k is a normal number (NaN fails both comparisons)
    if (_mm_movemask_pd(_mm_and_pd(_mm_cmpge_pd(v, c(-708.0)), _mm_cmple_pd(v, c(709.0)))) != 3) {
      out[j] = portable_exp(x[j] - shift);
      out[j + 1] = portable_exp(x[j + 1] - shift);
      continue;
    }
    const __m128d k = _mm_sub_pd(_mm_add_pd(_mm_mul_pd(v, c(log2e)), shift_k), shift_k);
    const __m128d r = _mm_sub_pd(_mm_sub_pd(v, _mm_mul_pd(k, c(ln2_hi))), _mm_mul_pd(k, c(ln2_lo)));
    const __m128d r2 = _mm_mul_pd(r, r), r4 = _mm_mul_pd(r2, r2), r8 = _mm_mul_pd(r4, r4);
    const auto pair = [&](double a, double b) { return _mm_add_pd(c(a), _mm_mul_pd(r, c(b))); };
    const __m128d c01 = _mm_add_pd(c(1.0), r), c23 = pair(0.5, 1.0 / 6.0), c45 = pair(1.0 / 24.0, 1.0 / 120.0),
                  c67 = pair(1.0 / 720.0, 1.0 / 5040.0), c89 = pair(1.0 / 40320.0, 1.0 / 362880.0),
                  c1011 = pair(1.0 / 3628800.0, 1.0 / 39916800.0), c1213 = pair(1.0 / 479001600.0, 1.0 / 6227020800.0);
    const __m128d low =
        _mm_add_pd(_mm_add_pd(c01, _mm_mul_pd(c23, r2)), _mm_mul_pd(_mm_add_pd(c45, _mm_mul_pd(c67, r2)), r4));
    const __m128d high = _mm_mul_pd(_mm_add_pd(_mm_add_pd(c89, _mm_mul_pd(c1011, r2)), _mm_mul_pd(c1213, r4)), r8);
    // 2^k: k + 1023 + 1.5·2^52 holds k + 1023 in its low bits (exactly), which shifted up are 2^k's exponent field
    const __m128d two_to_k = _mm_castsi128_pd(_mm_slli_epi64(_mm_castpd_si128(_mm_add_pd(k, exponent_bias)), 52));
    _mm_storeu_pd(out + j, _mm_mul_pd(_mm_add_pd(low, high), two_to_k));
  }
#endif
  for (; j < n; ++j) out[j] = portable_exp(x[j] - shift);
}

inline double portable_tanh(double x) {
  const double t = portable_exp(-2 * std::abs(x));
  return std::copysign((1 - t) / (1 + t), x);
}

// sin and cos: fdlibm's kernels (k_sin.c, k_cos.c) after its "medium" argument reduction (e_rem_pio2.c),
// which is exact for |x| < 2^20·π/2 — far beyond the angles the engine takes (sinusoidal positions: ≤ 512).
// Copyright (C) 1993 by Sun Microsystems, Inc. All rights reserved. Developed at SunPro, a Sun Microsystems,
// Inc. business. Permission to use, copy, modify, and distribute this software is freely granted, provided
// that this notice is preserved.
namespace portable_detail {

inline double sin_kernel(double x, double y, bool reduced = true) {  // |x| ≤ π/4, x + y the reduced argument
  constexpr double S1 = -1.66666666666666324348e-01, S2 = 8.33333333332248946124e-03, S3 = -1.98412698298579493134e-04,
                   S4 = 2.75573137070700676789e-06, S5 = -2.50507602534068634195e-08, S6 = 1.58969099521155010221e-10;
  const double z = x * x, w = z * z, r = S2 + z * (S3 + z * S4) + z * w * (S5 + z * S6), v = z * x;
  if (!reduced) return x + v * (S1 + z * r);
  return x - ((z * (0.5 * y - v * r) - y) - v * S1);
}

inline double cos_kernel(double x, double y) {
  constexpr double C1 = 4.16666666666666019037e-02, C2 = -1.38888888888741095749e-03, C3 = 2.48015872894767294178e-05,
                   C4 = -2.75573143513906633035e-07, C5 = 2.08757232129817482790e-09, C6 = -1.13596475577881948265e-11;
  const double z = x * x, w = z * z, r = z * (C1 + z * (C2 + z * C3)) + w * w * (C4 + z * (C5 + z * C6));
  const double hz = 0.5 * z, one_minus = 1.0 - hz;
  return one_minus + (((1.0 - one_minus) - hz) + (z * r - x * y));
}

inline int exponent_bits(double x) {
  std::uint64_t u;
  std::memcpy(&u, &x, sizeof u);
  return static_cast<int>((u >> 52) & 0x7ff);
}

// x = n·π/2 + (y0 + y1), |y0 + y1| ≤ π/4; returns n.
inline int reduce_half_pi(double x, double& y0, double& y1) {
  constexpr double toint = 6755399441055744.0, invpio2 = 6.36619772367581382433e-01,
                   pio2_1 = 1.57079632673412561417e+00, pio2_1t = 6.07710050650619224932e-11,
                   pio2_2 = 6.07710050630396597660e-11, pio2_2t = 2.02226624879595063154e-21,
                   pio2_3 = 2.02226624871116645580e-21, pio2_3t = 8.47842766036889956997e-32;
  const double fn = (x * invpio2 + toint) - toint;
  const int n = static_cast<int>(fn);
  double r = x - fn * pio2_1, w = fn * pio2_1t;
  y0 = r - w;
  const int ex = exponent_bits(x);
  if (ex - exponent_bits(y0) > 16) {  // second round, good to 118 bits
    double t = r;
    w = fn * pio2_2;
    r = t - w;
    w = fn * pio2_2t - ((t - r) - w);
    y0 = r - w;
    if (ex - exponent_bits(y0) > 49) {  // third round, good to 151 bits
      t = r;
      w = fn * pio2_3;
      r = t - w;
      w = fn * pio2_3t - ((t - r) - w);
      y0 = r - w;
    }
  }
  y1 = (r - y0) - w;
  return n;
}

}  // namespace portable_detail

inline double portable_sin(double x) {
  using namespace portable_detail;
  if (std::abs(x) < 7.4505805969238281e-09) return x;  // 2^-27: sin x = x to the last bit
  if (std::abs(x) <= 0.78539816339744827900) return sin_kernel(x, 0.0, false);
  double y0, y1;
  switch (reduce_half_pi(x, y0, y1) & 3) {
    case 0: return sin_kernel(y0, y1);
    case 1: return cos_kernel(y0, y1);
    case 2: return -sin_kernel(y0, y1);
    default: return -cos_kernel(y0, y1);
  }
}

inline double portable_cos(double x) {
  using namespace portable_detail;
  if (std::abs(x) < 7.4505805969238281e-09) return 1.0;
  if (std::abs(x) <= 0.78539816339744827900) return cos_kernel(x, 0.0);
  double y0, y1;
  switch (reduce_half_pi(x, y0, y1) & 3) {
    case 0: return cos_kernel(y0, y1);
    case 1: return -sin_kernel(y0, y1);
    case 2: return -cos_kernel(y0, y1);
    default: return sin_kernel(y0, y1);
  }
}

// erf: fdlibm's s_erf.c (same notice as above), with portable_exp.
inline double portable_erf(double x) {
  if (std::isnan(x)) return x;
  const double ax = std::abs(x);
  double y;
  if (ax < 0.84375) {
    if (ax < 3.7252902984e-09) return 0.125 * (8 * x + 1.02703333676410069053e+00 * x);  // 2^-28
    constexpr double pp0 = 1.28379167095512558561e-01, pp1 = -3.25042107247001499370e-01,
                     pp2 = -2.84817495755985104766e-02, pp3 = -5.77027029648944159157e-03,
                     pp4 = -2.37630166566501626084e-05, qq1 = 3.97917223959155352819e-01,
                     qq2 = 6.50222499887672944485e-02, qq3 = 5.08130628187576562776e-03,
                     qq4 = 1.32494738004321644526e-04, qq5 = -3.96022827877536812320e-06;
    const double z = x * x;
    const double r = pp0 + z * (pp1 + z * (pp2 + z * (pp3 + z * pp4)));
    const double s = 1.0 + z * (qq1 + z * (qq2 + z * (qq3 + z * (qq4 + z * qq5))));
    return x + x * (r / s);
  }
  if (ax >= 6) {
    y = 1 - 0x1p-1022;
  } else if (ax < 1.25) {  // erf(x) = erx + P/Q around 1
    constexpr double erx = 8.45062911510467529297e-01, pa0 = -2.36211856075265944077e-03,
                     pa1 = 4.14856118683748331666e-01, pa2 = -3.72207876035701323847e-01,
                     pa3 = 3.18346619901161753674e-01, pa4 = -1.10894694282396677476e-01,
                     pa5 = 3.54783043256182359371e-02, pa6 = -2.16637559486879084300e-03,
                     qa1 = 1.06420880400844228286e-01, qa2 = 5.40397917702171048937e-01,
                     qa3 = 7.18286544141962662868e-02, qa4 = 1.26171219808761642112e-01,
                     qa5 = 1.36370839120290507362e-02, qa6 = 1.19844998467991074170e-02;
    const double s = ax - 1;
    const double P = pa0 + s * (pa1 + s * (pa2 + s * (pa3 + s * (pa4 + s * (pa5 + s * pa6)))));
    const double Q = 1 + s * (qa1 + s * (qa2 + s * (qa3 + s * (qa4 + s * (qa5 + s * qa6)))));
    y = 1 - (1 - erx - P / Q);
  } else {  // erfc(x) = exp(-x² - 0.5625 + R/S) / x
    const double s = 1 / (ax * ax);
    double R, S;
    if (ax < 1 / 0.35) {
      R = -9.86494403484714822705e-03 +
          s * (-6.93858572707181764372e-01 +
               s * (-1.05586262253232909814e+01 +
                    s * (-6.23753324503260060396e+01 +
                         s * (-1.62396669462573470355e+02 +
                              s * (-1.84605092906711035994e+02 +
                                   s * (-8.12874355063065934246e+01 + s * -9.81432934416914548592e+00))))));
      S = 1.0 + s * (1.96512716674392571292e+01 +
                     s * (1.37657754143519042600e+02 +
                          s * (4.34565877475229228821e+02 +
                               s * (6.45387271733267880336e+02 +
                                    s * (4.29008140027567833386e+02 +
                                         s * (1.08635005541779435134e+02 +
                                              s * (6.57024977031928170135e+00 + s * -6.04244152148580987438e-02)))))));
    } else {
      R = -9.86494292470009928597e-03 +
          s * (-7.99283237680523006574e-01 +
               s * (-1.77579549177547519889e+01 +
                    s * (-1.60636384855821916062e+02 +
                         s * (-6.37566443368389627722e+02 +
                              s * (-1.02509513161107724954e+03 + s * -4.83519191608651397019e+02)))));
      S = 1.0 + s * (3.03380607434824582924e+01 +
                     s * (3.25792512996573918826e+02 +
                          s * (1.53672958608443695994e+03 +
                               s * (3.19985821950859553908e+03 +
                                    s * (2.55305040643316442583e+03 +
                                         s * (4.74528541206955367215e+02 + s * -2.24409524465858183362e+01))))));
    }
    // z: ax with its low 32 bits cleared, so z·z is exact.
    std::uint64_t bits;
    std::memcpy(&bits, &ax, sizeof bits);
    bits &= 0xffffffff00000000ull;
    double z;
    std::memcpy(&z, &bits, sizeof z);
    y = 1 - portable_exp(-z * z - 0.5625) * portable_exp((z - ax) * (z + ax) + R / S) / ax;
  }
  return x < 0 ? -y : y;
}

}  // namespace attnlab
