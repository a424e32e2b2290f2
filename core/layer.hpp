#pragma once
// The whole Transformer layer around the attention: residual sums, layer norms and the feed-forward network
// (Vaswani et al., section 3.1). Encoder: self-attention, FFN. Decoder: masked self-attention,
// cross-attention over the source, FFN. Each sub-layer is wrapped post-norm, x = LN(x + f(x)), or pre-norm,
// x = x + f(LN(x)), as torch.nn.TransformerEncoderLayer / TransformerDecoderLayer (norm_first).
#include <functional>

#include "lesson.hpp"
#include "trace.hpp"

namespace attnlab {

using Sublayer = std::function<Matrix(const Matrix& in)>;

// `input` is the stream entering the layer (X, or X + P). `self_attention` runs the lesson's own attention on
// what it is given and returns its output; `cross_attention` (decoder only) attends from its input over the source.
LayerTrace run_layer(const Lesson& lesson, const Matrix& input, const Sublayer& self_attention,
                     const Sublayer& cross_attention);

}  // namespace attnlab
