#include "layer.hpp"

namespace attnlab {
namespace {

// One sub-layer and its add & norm; returns the stream after it.
Matrix add_and_norm(const Lesson& lesson, const std::string& ln, const Matrix& stream, const Sublayer& f,
                    NormTrace& norm, Matrix& sum, Matrix* sublayer_output = nullptr) {
  const Matrix& gamma = *lesson.find("layer." + ln + ".gamma");
  const Matrix& beta = *lesson.find("layer." + ln + ".beta");
  const double eps = lesson.layer->eps;
  if (lesson.layer->norm == NormKind::pre) {
    norm = layer_norm(stream, gamma, beta, eps);
    Matrix out = f(norm.output);
    sum = stream + out;
    if (sublayer_output) *sublayer_output = std::move(out);
    return sum;
  }
  Matrix out = f(stream);
  sum = stream + out;
  if (sublayer_output) *sublayer_output = std::move(out);
  norm = layer_norm(sum, gamma, beta, eps);
  return norm.output;
}

}  // namespace

LayerTrace run_layer(const Lesson& lesson, const Matrix& input, const Sublayer& self_attention,
                     const Sublayer& cross_attention) {
  LayerTrace t;
  t.norm = lesson.layer->norm;
  t.activation = lesson.layer->activation;
  t.eps = lesson.layer->eps;
  t.input = input;
  Matrix stream = add_and_norm(lesson, "ln1", input, self_attention, t.norm1, t.sum1, &t.attention);
  const bool decoder = lesson.decoder();
  if (decoder) stream = add_and_norm(lesson, "ln2", stream, cross_attention, t.norm2, t.sum2, &t.cross_attention);
  const Sublayer ffn = [&](const Matrix& in) {
    t.ffn = feed_forward(in, *lesson.find("layer.W_ff1"), lesson.find("layer.b_ff1"), *lesson.find("layer.W_ff2"),
                         lesson.find("layer.b_ff2"), t.activation);
    return t.ffn.output;
  };
  if (decoder) t.output = add_and_norm(lesson, "ln3", stream, ffn, t.norm3, t.sum3);
  else t.output = add_and_norm(lesson, "ln2", stream, ffn, t.norm2, t.sum2);
  return t;
}

}  // namespace attnlab
