#include "product.hpp"

#include <algorithm>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace attnlab {

#if defined(__SSE2__)
namespace {

using Index = Eigen::Index;

// One step of k per iteration, as written: unrolled, clang's wasm code gathers each sum's steps into one expression
// and V8 then spills the operands, which is what slows Eigen's kernel there.
#if defined(__clang__)
#define ATTNLAB_ONE_STEP_AT_A_TIME _Pragma("clang loop unroll(disable)")
#else
#define ATTNLAB_ONE_STEP_AT_A_TIME
#endif

// Every sum below is Eigen's gebp kernel's: it starts at +0, adds a · b step by step (sum + a·b), and is then added
// to C (sum + C). A is R rows of kb numbers (lda apart); a panel holds kb rows of B's columns side by side.

// R rows × 4 columns (Eigen's two-packet path).
template <int R>
void tile4(const double* A, Index lda, const double* panel, double* C, Index ldc, Index kb) {
  __m128d sum[R][2];
  for (int r = 0; r < R; ++r) sum[r][0] = sum[r][1] = _mm_setzero_pd();
  ATTNLAB_ONE_STEP_AT_A_TIME
  for (Index t = 0; t < kb; ++t) {
    const __m128d b0 = _mm_loadu_pd(panel + 4 * t), b1 = _mm_loadu_pd(panel + 4 * t + 2);
    for (int r = 0; r < R; ++r) {
      const __m128d a = _mm_load1_pd(A + r * lda + t);
      sum[r][0] = _mm_add_pd(sum[r][0], _mm_mul_pd(a, b0));
      sum[r][1] = _mm_add_pd(sum[r][1], _mm_mul_pd(a, b1));
    }
  }
  for (int r = 0; r < R; ++r) {
    double* c = C + r * ldc;
    _mm_storeu_pd(c, _mm_add_pd(sum[r][0], _mm_loadu_pd(c)));
    _mm_storeu_pd(c + 2, _mm_add_pd(sum[r][1], _mm_loadu_pd(c + 2)));
  }
}

// R rows × 2 columns (Eigen's one-packet path). With four rows, Eigen sums the even and the odd steps of the first
// kb & ~7 apart, adds the two, then the steps left.
template <int R>
void tile2(const double* A, Index lda, const double* panel, double* C, Index ldc, Index kb) {
  __m128d sum[R], odd[R];
  for (int r = 0; r < R; ++r) sum[r] = odd[r] = _mm_setzero_pd();
  Index t = 0;
  if (R == 4) {
    const Index paired = kb & ~Index(7);
    ATTNLAB_ONE_STEP_AT_A_TIME
    for (; t < paired; t += 2) {
      const __m128d b0 = _mm_loadu_pd(panel + 2 * t), b1 = _mm_loadu_pd(panel + 2 * t + 2);
      for (int r = 0; r < R; ++r) {
        sum[r] = _mm_add_pd(sum[r], _mm_mul_pd(_mm_load1_pd(A + r * lda + t), b0));
        odd[r] = _mm_add_pd(odd[r], _mm_mul_pd(_mm_load1_pd(A + r * lda + t + 1), b1));
      }
    }
    for (int r = 0; r < R; ++r) sum[r] = _mm_add_pd(sum[r], odd[r]);
  }
  ATTNLAB_ONE_STEP_AT_A_TIME
  for (; t < kb; ++t) {
    const __m128d b = _mm_loadu_pd(panel + 2 * t);
    for (int r = 0; r < R; ++r) sum[r] = _mm_add_pd(sum[r], _mm_mul_pd(_mm_load1_pd(A + r * lda + t), b));
  }
  for (int r = 0; r < R; ++r) _mm_storeu_pd(C + r * ldc, _mm_add_pd(sum[r], _mm_loadu_pd(C + r * ldc)));
}

// rows × 1 column (Eigen's scalar path).
void tile1(const double* A, Index lda, const double* panel, double* C, Index ldc, Index rows, Index kb) {
  for (Index r = 0; r < rows; ++r) {
    double sum = 0;
    for (Index t = 0; t < kb; ++t) sum = A[r * lda + t] * panel[t] + sum;
    C[r * ldc] = C[r * ldc] + sum;
  }
}

template <int R>
void row_tiles(const double* A, Index lda, const double* panels, double* C, Index ldc, Index cols, Index kb) {
  Index j = 0;
  for (; j + 4 <= cols; j += 4, panels += 4 * kb) tile4<R>(A, lda, panels, C + j, ldc, kb);
  if (j + 2 <= cols) {
    tile2<R>(A, lda, panels, C + j, ldc, kb);
    panels += 2 * kb;
    j += 2;
  }
  if (j < cols) tile1(A, lda, panels, C + j, ldc, R, kb);
}

// B's block (kb × cols) copied into panels of 4, 2 and 1 columns, each kb rows of consecutive numbers. The width
// is a template argument so each row's copy is a few loads and stores, not a call to memmove.
template <int W>
void pack_panel(const double* B, Index ldb, Index kb, double* panel) {
  for (Index t = 0; t < kb; ++t, panel += W)
    for (int c = 0; c < W; ++c) panel[c] = B[t * ldb + c];
}

void pack(const double* B, Index ldb, Index kb, Index cols, double* panels) {
  Index j = 0;
  for (; j + 4 <= cols; j += 4, panels += 4 * kb) pack_panel<4>(B + j, ldb, kb, panels);
  if (j + 2 <= cols) {
    pack_panel<2>(B + j, ldb, kb, panels);
    panels += 2 * kb;
    j += 2;
  }
  if (j < cols) pack_panel<1>(B + j, ldb, kb, panels);
}

// C (rows × cols, ldc apart) += A (rows × kb) · B's packed block: one block of Eigen's blocking. Eigen computes a
// row-major C as Cᵀ = Bᵀ·Aᵀ, so C's columns are its kernel's rows: groups of 4, then 2, then 1, per block.
void add_block(const double* A, Index lda, const double* panels, double* C, Index ldc, Index rows, Index cols,
               Index kb) {
  Index i = 0;
  for (; i + 4 <= rows; i += 4) row_tiles<4>(A + i * lda, lda, panels, C + i * ldc, ldc, cols, kb);
  const double* a = A + i * lda;
  double* c = C + i * ldc;
  switch (rows - i) {
    case 3: row_tiles<3>(a, lda, panels, c, ldc, cols, kb); break;
    case 2: row_tiles<2>(a, lda, panels, c, ldc, cols, kb); break;
    case 1: row_tiles<1>(a, lda, panels, c, ldc, cols, kb); break;
    default: break;
  }
}

}  // namespace

Matrix packed_product(const Matrix& A, const Matrix& B) {
  const Index n = A.rows(), k = A.cols(), m = B.cols();
  use_fixed_blocking();
  // the block sizes Eigen's product of a row-major C takes (gemm_blocking_space: its rows are C's columns)
  Index kc = k, mc = m, nc = n;
  Eigen::internal::computeProductBlockingSizes<double, double, 1, Index>(kc, mc, nc, 1);
  Matrix C = Matrix::Zero(n, m);
  // B's packed block (16-byte aligned, as Eigen allocates: a load of two numbers never straddles two cache lines)
  Vector panels(std::min(kc, k) * std::min(mc, m));
  for (Index j0 = 0; j0 < m; j0 += mc) {
    const Index cols = std::min(mc, m - j0);
    for (Index k0 = 0; k0 < k; k0 += kc) {
      const Index kb = std::min(kc, k - k0);
      pack(B.data() + k0 * m + j0, m, kb, cols, panels.data());
      for (Index i0 = 0; i0 < n; i0 += nc)
        add_block(A.data() + i0 * k + k0, k, panels.data(), C.data() + i0 * m + j0, m, std::min(nc, n - i0), cols, kb);
    }
  }
  return C;
}

#endif

bool eigen_blocked(Eigen::Index n, Eigen::Index k, Eigen::Index m) {
  return n > 1 && m > 1 && k > 0 && k + n + m >= EIGEN_GEMM_TO_COEFFBASED_THRESHOLD;
}

Matrix product(const Matrix& A, const Matrix& B) {
#if defined(__EMSCRIPTEN__)
  if (eigen_blocked(A.rows(), A.cols(), B.cols())) return packed_product(A, B);
#endif
  return A * B;
}

Matrix product_transposed(const Matrix& A, const Matrix& K) {
#if defined(__EMSCRIPTEN__)
  if (eigen_blocked(A.rows(), A.cols(), K.rows())) return packed_product(A, K.transpose());
#endif
  return A * K.transpose();
}

}  // namespace attnlab
