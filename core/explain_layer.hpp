#pragma once
// The arithmetic behind a cell of the layer's steps (add & norm, feed-forward, cross-attention), for the inspector.
#include <optional>
#include <vector>

#include "explain.hpp"

namespace attnlab {

// norm_k.output[i][c] = (x[i][c] − mean_i) / √(var_i + eps) · γ[c] + β[c], where x is the row normalised.
struct NormExplanation {
  std::vector<double> row;                      // x[i][·]
  double mean = 0, var = 0, eps = 0, root = 0;  // root = √(var + eps)
  double x = 0, normalized = 0, gamma = 0, beta = 0, output = 0;
};

// ffn_hidden[i][u] = Σ_t in[i][t]·W_ff1[t][u] + b_ff1[u], activated = act(hidden); or
// ffn_output[i][c] = Σ_u activated[i][u]·W_ff2[u][c] + b_ff2[c].
struct FeedForwardExplanation {
  std::vector<Term> terms;
  double bias = 0, sum = 0;  // sum: the cell, bias included
  double activated = 0;      // the hidden cell after the activation (ffn_hidden only)
};

// Each returns nothing when the lesson has no such step or the cell is out of range. `norm` is 1, 2 or 3.
std::optional<NormExplanation> explain_norm(const Trace& trace, int norm, int i, int c);
std::optional<FeedForwardExplanation> explain_ffn_hidden(const Trace& trace, int i, int u);
std::optional<FeedForwardExplanation> explain_ffn_output(const Trace& trace, int i, int c);
// A decoder's cross-attention score: q_i (decoder) · k_j (source), term by term.
std::optional<ScoreExplanation> explain_cross_score(const Trace& trace, int head, int i, int j);

}  // namespace attnlab
