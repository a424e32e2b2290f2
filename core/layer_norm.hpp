#pragma once
// Layer normalisation, row by row (each token on its own), as torch.nn.LayerNorm: biased variance.
#include "matrix.hpp"

namespace attnlab {

struct NormTrace {
  Vector mean, var;   // per row; var divides by d_model (biased), as PyTorch does
  Matrix normalized;  // (x − mean) / √(var + eps): each row has mean 0 and variance ≈ 1
  Matrix output;      // normalized · γ + β, column by column
};

// gamma and beta are 1 × d_model.
NormTrace layer_norm(const Matrix& x, const Matrix& gamma, const Matrix& beta, double eps);

}  // namespace attnlab
