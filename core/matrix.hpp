#pragma once
// The one matrix type of the engine: double precision, row-major (rows are tokens), so a matrix
// crosses to JavaScript as one flat array without reordering.
#include <Eigen/Dense>
#include <string>

namespace attnlab {

using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;
using Visibility = Eigen::Matrix<unsigned char, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// "4 × 8", the way shapes are written on the page and in messages.
inline std::string shape_of(Eigen::Index rows, Eigen::Index cols) {
  return std::to_string(rows) + " \u00d7 " + std::to_string(cols);
}
inline std::string shape_of(const Matrix& m) { return shape_of(m.rows(), m.cols()); }

// Eigen sizes its matrix-product blocks from the CPU's caches, and the blocking decides the order of
// additions. Fixing it makes native and wasm builds add in the same order: bit-identical traces.
inline void use_fixed_blocking() {
  static const bool once = (Eigen::setCpuCacheSizes(32 * 1024, 256 * 1024, 2 * 1024 * 1024), true);
  (void)once;
}

}  // namespace attnlab
