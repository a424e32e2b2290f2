#pragma once
// The arithmetic behind one cell, with the live numbers, for the page's inspector.
#include <optional>
#include <vector>

#include "trace.hpp"

namespace attnlab {

struct Term {
  double a, b, product;
};

// The terms always add up to `dot`, and `sum` (the score itself) follows from it by the lesson's score function:
//   dot, scaled_dot: sum = dot = Σ_t Q[i][t]·K[j][t]
//   general:         sum = dot = Σ_t Q[i][t]·(W_a·k_j)[t]   (b is the key as W_a sees it)
//   cosine:          sum = dot / (q_norm·k_norm), 0 when a norm is 0 (terms are those of q_i · k_j)
//   additive, location: no terms (a tanh or a position, not a sum of products); dot = sum.
struct ScoreExplanation {
  ScoreKind score = ScoreKind::scaled_dot;
  std::vector<Term> terms;
  double dot = 0, q_norm = 0, k_norm = 0;  // the norms only for cosine
  double sum = 0, divisor = 1, scaled = 0;
  bool hidden = false;
};

// weights[i] = exp(masked[i] - max) / Σ exp(masked[i] - max)
struct SoftmaxExplanation {
  double max = 0, sum = 0;
  std::vector<double> shifted, exp, weights;
  std::vector<bool> hidden;
  bool empty = false;  // every key hidden: all weights 0
  // A row the lesson gave ("weights"): the given numbers, shown as printed; `weights` then holds the softmax's own.
  std::vector<double> given;
};

// Z[i][t] = Σ_j weights[i][j]·V[j][t]
struct OutputExplanation {
  std::vector<Term> terms;
  double sum = 0;
};

// Q[i][t] = Σ_r X[i][r]·W_Q[r][c] (likewise K, V), c = head·d_k + t: head h's block of W's columns.
struct ProjectionExplanation {
  std::vector<Term> terms;
  double sum = 0;
  int column = 0;  // c: the column of W
};

// Each returns nothing when the head or cell is out of range.
std::optional<ScoreExplanation> explain_score(const Trace& trace, int head, int i, int j);
std::optional<SoftmaxExplanation> explain_softmax(const Trace& trace, int head, int i);
std::optional<OutputExplanation> explain_output(const Trace& trace, int head, int i, int t);
// matrix: 'Q', 'K' or 'V'.
std::optional<ProjectionExplanation> explain_projection(const Trace& trace, char matrix, int head, int i, int t);

}  // namespace attnlab
