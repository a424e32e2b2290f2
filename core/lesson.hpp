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
enum class PositionKind { none, sinusoidal, learned };  // learned: the matrix "P", given or drawn
enum class NormKind { post, pre };
enum class Activation { relu, gelu };

// The sequence a cross-attention attends over (the encoder's output, "memory" in PyTorch): its tokens,
// and its rows as the matrix "source.X" (given, drawn, or looked up in E).
struct Source {
  std::vector<std::string> tokens;
  std::vector<bool> padding;  // empty, or one flag per source token: true = hidden as a key
};

// A whole Transformer layer around the attention (see lesson-format.md): its parameters are the matrices
// "layer.W_ff1", "layer.ln1.gamma", …; with a source and "cross.*" weights it is a decoder layer.
struct LayerOptions {
  NormKind norm = NormKind::post;
  double eps = 1e-5;
  Activation activation = Activation::relu;
};

// Attention weights given literally (the field "weights", n × keys): row i given when given[i], else null there
// and computed by softmax as usual (core/given_weights.hpp).
struct GivenWeights {
  Matrix values;            // the given rows; a row not given holds zeros
  std::vector<bool> given;  // one per row
  bool operator==(const GivenWeights& o) const {
    return given == o.given && values.rows() == o.values.rows() && values.cols() == o.values.cols() &&
           values == o.values;
  }
};

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
  PositionKind positions = PositionKind::none;
  std::optional<Source> source;
  std::optional<LayerOptions> layer;
  std::optional<GivenWeights> given_weights;  // "weights": a slide's own rows, shown as printed

  // With a source but no layer, the lesson's own attention is a cross-attention: keys and values from the source.
  bool cross_only() const { return source && !layer; }
  bool decoder() const { return source && layer; }
  // Keys per query of the lesson's own attention: the source's tokens for a cross-attention, else the tokens.
  std::size_t keys() const { return cross_only() ? source->tokens.size() : tokens.size(); }

  const Matrix* find(const std::string& name) const {
    auto it = matrices.find(name);
    return it == matrices.end() ? nullptr : &it->second;
  }
};

// The names a lesson's matrices may have, in the order the page shows them. A dotted name is where the
// matrix sits in the lesson's JSON ("layer.ln1.gamma" is {"layer": {"ln1": {"gamma": …}}}); "P" is the
// field "positions" when it holds a matrix. Vectors (biases, γ, β, v_a) are 1 × length.
inline const std::vector<std::string>& matrix_names() {
  static const std::vector<std::string> names{"X",
                                              "E",
                                              "P",
                                              "W_Q",
                                              "W_K",
                                              "W_V",
                                              "W_O",
                                              "b_Q",
                                              "b_K",
                                              "b_V",
                                              "b_O",
                                              "W_a",
                                              "W_1",
                                              "W_2",
                                              "v_a",
                                              "source.X",
                                              "cross.W_Q",
                                              "cross.W_K",
                                              "cross.W_V",
                                              "cross.W_O",
                                              "cross.b_Q",
                                              "cross.b_K",
                                              "cross.b_V",
                                              "cross.b_O",
                                              "layer.ln1.gamma",
                                              "layer.ln1.beta",
                                              "layer.ln2.gamma",
                                              "layer.ln2.beta",
                                              "layer.ln3.gamma",
                                              "layer.ln3.beta",
                                              "layer.W_ff1",
                                              "layer.b_ff1",
                                              "layer.W_ff2",
                                              "layer.b_ff2"};
  return names;
}

const char* score_name(ScoreKind);
const char* norm_name(NormKind);
const char* activation_name(Activation);

}  // namespace attnlab
