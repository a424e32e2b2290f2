#pragma once
// NumPy's legacy generator (np.random.seed / randn / rand), reproduced bit for bit, so a student's
// NumPy script and the app show the same numbers for the same seed.
#include <cstdint>

#include "matrix.hpp"
#include "mt19937.hpp"

namespace attnlab {

class NumpyRandom {
 public:
  explicit NumpyRandom(std::uint32_t seed) : mt_(seed) {}  // np.random.seed(seed)
  double rand();                                           // np.random.random_sample(): 53-bit uniform in [0, 1)
  double randn();  // np.random.randn(): polar Box-Muller, the second value kept for the next call
  // np.random.randn(rows, cols) * scale (np.random.rand when uniform), filled row by row as NumPy does.
  Matrix matrix(Eigen::Index rows, Eigen::Index cols, double scale = 1.0, bool uniform = false);

 private:
  Mt19937 mt_;
  bool has_gauss_ = false;
  double gauss_ = 0.0;
};

}  // namespace attnlab
