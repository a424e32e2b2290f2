#pragma once
// The trace: every intermediate of the pipeline, named after its math step, so views can show any of them.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "feed_forward.hpp"
#include "layer_norm.hpp"
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
  std::vector<int> given_rows;  // rows the lesson gave literally ("weights"): not the softmax of the scaled row
};

// A multi-head attention whose keys and values come from another sequence (a decoder's cross-attention):
// the same steps as the lesson's own attention, n × m.
struct AttentionTrace {
  int d_k = 0, d_v = 0;
  double divisor = 1.0;
  Visibility visible;  // n × m
  std::vector<HeadTrace> head;
  Matrix concat, output;
};

// A whole encoder or decoder layer around the attention. Post-norm: norm_k = LN_k(sum_k), the stream goes on
// from norm_k.output. Pre-norm: norm_k = LN_k(stream), the sub-layer reads norm_k.output, sum_k = stream + it.
// Sub-layers: 1 self-attention, then (decoder) 2 cross-attention, then the feed-forward network (2, or 3).
struct LayerTrace {
  NormKind norm = NormKind::post;
  Activation activation = Activation::relu;
  double eps = 1e-5;
  Matrix input;                   // the stream entering the layer: X, or X + P
  NormTrace norm1, norm2, norm3;  // norm3: decoder only
  Matrix attention;               // the self-attention's output (the trace's `output`)
  Matrix sum1, sum2, sum3;        // residual sums; sum3: decoder only
  Matrix cross_attention;         // decoder: the cross-attention's output (the trace's `cross->output`)
  FeedForwardTrace ffn;           // ffn_hidden, ffn_activated, ffn_output
  Matrix output;                  // n × d_model
};

struct Trace {
  std::map<std::string, Matrix> inputs;  // the lesson's matrices as used (W_Q, W_K, W_V, W_O, E, …, drawn or literal)
  std::vector<std::string> tokens;
  std::optional<std::vector<int>> token_ids;
  std::optional<std::vector<std::string>> vocab;
  int d_model = 0, d_k = 0, d_v = 0, heads = 1;
  ScoreKind score = ScoreKind::scaled_dot;
  ScaleKind scale = ScaleKind::sqrt_dk;  // the scale rule used (never automatic): the divisor is √d_k, 1 or scale_value
  double scale_value = 1.0;
  double divisor = 1.0;
  Visibility visible;  // n × n, 1 = query i may see key j
  Matrix X;
  Matrix P, X_plus_P;  // positions and what attention reads; both empty without positions
  std::optional<std::vector<std::string>> source_tokens;
  Matrix source_X;  // m × d_model: the keys' and values' rows of a cross-attention
  std::vector<HeadTrace> head;
  Matrix concat, output;
  std::optional<AttentionTrace> cross;  // a decoder layer's cross-attention
  std::optional<LayerTrace> layer;
  std::optional<GivenWeights> given_weights;  // the lesson's given rows (so an edit that keeps them keeps the weights)
  // The parts taken over from the previous trace (compute_trace's `previous`) because an edit left them alone:
  // inputs by name ("W_Q"; "X" also for an X looked up in E), and the steps "Q", "K", "V", "scores", "scaled",
  // "weights" (with masked and the softmax steps), "Z", "concat", "output" (of every head). A caller that copied the
  // previous parts keeps them.
  std::vector<std::string> unchanged;
};

}  // namespace attnlab
