#pragma once
// Why scores are divided by √d_k: an experiment. Queries and keys with unit-variance entries give dot products
// whose variance grows like d_k; the softmax of such scores saturates (one weight near 1) and its gradient,
// the Jacobian diag(p) − p pᵀ, shrinks towards 0. Dividing by √d_k keeps the variance near 1.
#include <cstdint>
#include <vector>

#include "matrix.hpp"

namespace attnlab {

struct ScaleLabOptions {
  std::vector<int> d_k{1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024};  // each clamped to [1, 1024]
  int queries = 200;                                                  // rows of Q, clamped to [1, 2000]
  int keys = 16;                                                      // rows of K, clamped to [2, 256]
  std::uint32_t seed = 0;                                             // np.random.seed(seed) before each d_k's draws
};

// The statistics of one softmax row, averaged over the queries.
struct SoftmaxStats {
  double max_weight = 0;     // mean of the largest weight in a row
  double entropy = 0;        // mean row entropy in nats (ln keys = uniform, 0 = one-hot)
  double jacobian_norm = 0;  // mean Frobenius norm of diag(p) − p pᵀ
};

struct ScaleLabRow {
  int d_k = 1;
  double raw_variance = 0;     // population variance of every entry of Q Kᵀ
  double scaled_variance = 0;  // the same for Q Kᵀ / √d_k
  SoftmaxStats raw, scaled;    // softmax of the raw and of the scaled scores
  // Query 0 as an example: its scores and weights, raw and scaled.
  std::vector<double> example_raw_scores, example_scaled_scores, example_raw_weights, example_scaled_weights;
};

// For each d_k: np.random.seed(seed); Q = randn(queries, d_k); K = randn(keys, d_k); statistics of the rows.
std::vector<ScaleLabRow> scale_lab(const ScaleLabOptions& options);

// softmax of one row (max subtracted first).
Vector softmax_vector(const Vector& scores);

// ∂softmax(x)_i / ∂x_j = p_i (δ_ij − p_j): diag(p) − p pᵀ, for p = softmax(x).
Matrix softmax_jacobian(const Vector& p);

// Entropy −Σ p ln p in nats (0 ln 0 = 0).
double entropy(const Vector& p);

}  // namespace attnlab
