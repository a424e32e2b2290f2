#pragma once
// Step 1, positions: what tells attention where each token sits (Vaswani et al., section 3.5).
#include "lesson.hpp"

namespace attnlab {

// P[p][2i] = sin(p / 10000^(2i/d_model)), P[p][2i+1] = cos(p / 10000^(2i/d_model)); n × d_model.
Matrix sinusoidal_positions(Eigen::Index n, Eigen::Index d_model);

// The lesson's P (n × d_model), or an empty matrix when it has none.
Matrix positions(const Lesson& lesson, Eigen::Index n, Eigen::Index d_model);

}  // namespace attnlab
