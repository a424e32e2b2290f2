#pragma once
// The trace: every intermediate of the pipeline, named after its math step, so views can show any of them.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "lesson.hpp"
#include "matrix.hpp"

namespace attnlab {

struct SoftmaxTrace {
  Vector max;  // per row, over the visible keys (-inf for an empty row)
  Matrix exp;  // exp(masked - max), 0 where hidden
  Vector sum;  // per row
};

struct HeadTrace {
  Matrix Q, K, V;
  Matrix scores;   // alignment scores, n × n (QKᵀ for dot products)
  Matrix scaled;   // scores / divisor
  Matrix masked;   // scaled, -inf where hidden
  Matrix weights;  // row softmax of masked; hidden cells exactly 0
  Matrix Z;        // weights · V
  SoftmaxTrace softmax;
  std::vector<int> empty_rows;  // rows with every key hidden: all-zero weights, flagged instead of NaN
};

struct Trace {
  std::map<std::string, Matrix> inputs;  // the lesson's matrices as used (W_Q, W_K, W_V, W_O, E, …, drawn or literal)
  std::vector<std::string> tokens;
  std::optional<std::vector<int>> token_ids;
  std::optional<std::vector<std::string>> vocab;
  int d_model = 0, d_k = 0, d_v = 0, heads = 1;
  ScoreKind score = ScoreKind::scaled_dot;
  double divisor = 1.0;
  Visibility visible;  // n × n, 1 = query i may see key j
  Matrix X;
  std::vector<HeadTrace> head;
  Matrix concat, output;
  // The parts taken over from the previous trace (compute_trace's `previous`) because an edit left them alone:
  // inputs by name ("W_Q"; "X" also for an X looked up in E), and the steps "Q", "K", "V", "scores", "scaled",
  // "weights" (with masked and the softmax steps), "Z", "concat", "output" (of every head). A caller that copied the
  // previous parts keeps them.
  std::vector<std::string> unchanged;
};

}  // namespace attnlab
