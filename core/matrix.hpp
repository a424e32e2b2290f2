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

}  // namespace attnlab
