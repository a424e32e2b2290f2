#pragma once
// A · B for the forward pass's large products (the projections, the scores, Z): Eigen's own result, bit for bit.
//
// In wasm, Eigen's product kernel holds more values than V8 keeps in registers: its inner loop moves about 100
// of them to and from the stack for every 64 multiplications, and the forward ran 1.4× slower than natively.
// packed_product adds the same products in the same order as Eigen (its k-blocks from the same cache sizes, each
// sum in k order, and the two interleaved sums of its two-column path) with a loop of one step of k that V8 keeps
// in registers. Natively Eigen's own kernel is the faster one, so it stays there.
#include "matrix.hpp"

namespace attnlab {

Matrix product(const Matrix& A, const Matrix& B);
// A · Kᵀ (the scores), with Eigen's bits too: its small products read Kᵀ in place, in another order than a copy.
Matrix product_transposed(const Matrix& A, const Matrix& K);

// Whether Eigen computes A (n × k) · B (k × m) with its blocked product (what packed_product replaces): not a
// vector times a matrix, nor a small product summed coefficient by coefficient, whose orders of additions differ.
bool eigen_blocked(Eigen::Index n, Eigen::Index k, Eigen::Index m);

#if defined(__SSE2__)
// The kernel itself, for the shapes eigen_blocked accepts (and, for the tests, in every build that has it).
Matrix packed_product(const Matrix& A, const Matrix& B);
#endif

}  // namespace attnlab
