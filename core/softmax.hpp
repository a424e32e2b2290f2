#pragma once
// Step 5, softmax: row by row, numerically stable, keeping the arithmetic for the page.
#include <vector>

#include "trace.hpp"

namespace attnlab {

struct SoftmaxResult {
  Matrix weights;
  SoftmaxTrace steps;
  std::vector<int> empty_rows;
};

// Subtracts each row's max before exponentiating, so nothing overflows; -inf entries get weight exactly 0;
// a row that is all -inf gets all-zero weights and is listed in empty_rows (never NaN).
SoftmaxResult softmax_rows(const Matrix& masked);

}  // namespace attnlab
