#pragma once
// The lesson: everything the engine needs, as plain data (see lesson-format.md).
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "matrix.hpp"

namespace attnlab {

enum class ScoreKind { scaled_dot, dot, general, additive, cosine, location };
enum class ScaleKind { automatic, sqrt_dk, none, value };  // automatic: sqrt_dk for scaled_dot, else none
enum class MaskKind { none, causal, padding, matrix };

struct Lesson {
  std::vector<std::string> tokens;
  std::optional<std::vector<std::string>> vocab;  // set when the lesson gave a sentence or a vocabulary
  // X, E, W_Q, W_K, W_V, W_O, W_a, W_1, W_2 and v_a (as 1 × d_a), literal or drawn.
  std::map<std::string, Matrix> matrices;
  int heads = 1;
  ScoreKind score = ScoreKind::scaled_dot;
  ScaleKind scale = ScaleKind::automatic;
  double scale_value = 1.0;
  MaskKind mask = MaskKind::none;
  std::vector<bool> padding;  // true = PAD token, hidden as a key
  Matrix mask_matrix;         // n × n of 0/1, 0 = hidden

  const Matrix* find(const std::string& name) const {
    auto it = matrices.find(name);
    return it == matrices.end() ? nullptr : &it->second;
  }
};

// The names a lesson's matrices may have, in the order the page shows them.
inline const std::vector<std::string>& matrix_names() {
  static const std::vector<std::string> names{"X", "E", "W_Q", "W_K", "W_V", "W_O", "W_a", "W_1", "W_2", "v_a"};
  return names;
}

const char* score_name(ScoreKind);

}  // namespace attnlab
