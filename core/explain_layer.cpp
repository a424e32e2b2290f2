#include "explain_layer.hpp"

#include <cmath>

namespace attnlab {
namespace {

bool in(int v, Eigen::Index size) { return v >= 0 && v < size; }

const Matrix* find(const Trace& t, const std::string& name) {
  auto it = t.inputs.find(name);
  return it == t.inputs.end() ? nullptr : &it->second;
}

// What norm k normalised: its sum (post-norm), or the stream before sub-layer k (pre-norm).
const Matrix& normalised_input(const LayerTrace& l, int k) {
  const Matrix* sums[] = {&l.sum1, &l.sum2, &l.sum3};
  if (l.norm == NormKind::post) return *sums[k - 1];
  return k == 1 ? l.input : *sums[k - 2];
}

// What the feed-forward network read: the stream after the sub-layers before it, or (pre-norm) its norm.
const Matrix& ffn_input(const LayerTrace& l, bool decoder) {
  const NormTrace& before = decoder ? l.norm2 : l.norm1;
  if (l.norm == NormKind::post) return before.output;
  return decoder ? l.norm3.output : l.norm2.output;
}

}  // namespace

std::optional<NormExplanation> explain_norm(const Trace& trace, int norm, int i, int c) {
  if (!trace.layer || norm < 1 || norm > (trace.cross ? 3 : 2)) return std::nullopt;
  const LayerTrace& l = *trace.layer;
  const NormTrace& n = norm == 1 ? l.norm1 : norm == 2 ? l.norm2 : l.norm3;
  if (!in(i, n.output.rows()) || !in(c, n.output.cols())) return std::nullopt;
  const Matrix& x = normalised_input(l, norm);
  const std::string ln = "layer.ln" + std::to_string(norm);
  NormExplanation e;
  for (Eigen::Index t = 0; t < x.cols(); ++t) e.row.push_back(x(i, t));
  e.mean = n.mean(i);
  e.var = n.var(i);
  e.eps = l.eps;
  e.root = std::sqrt(e.var + e.eps);
  e.x = x(i, c);
  e.normalized = n.normalized(i, c);
  e.gamma = (*find(trace, ln + ".gamma"))(0, c);
  e.beta = (*find(trace, ln + ".beta"))(0, c);
  e.output = n.output(i, c);
  return e;
}

std::optional<FeedForwardExplanation> explain_ffn_hidden(const Trace& trace, int i, int u) {
  if (!trace.layer) return std::nullopt;
  const LayerTrace& l = *trace.layer;
  if (!in(i, l.ffn.hidden.rows()) || !in(u, l.ffn.hidden.cols())) return std::nullopt;
  const Matrix& x = ffn_input(l, trace.cross.has_value());
  const Matrix& W = *find(trace, "layer.W_ff1");
  const Matrix* b = find(trace, "layer.b_ff1");
  FeedForwardExplanation e;
  for (Eigen::Index t = 0; t < x.cols(); ++t) e.terms.push_back({x(i, t), W(t, u), x(i, t) * W(t, u)});
  e.bias = b ? (*b)(0, u) : 0.0;
  e.sum = l.ffn.hidden(i, u);
  e.activated = l.ffn.activated(i, u);
  return e;
}

std::optional<FeedForwardExplanation> explain_ffn_output(const Trace& trace, int i, int c) {
  if (!trace.layer) return std::nullopt;
  const LayerTrace& l = *trace.layer;
  if (!in(i, l.ffn.output.rows()) || !in(c, l.ffn.output.cols())) return std::nullopt;
  const Matrix& W = *find(trace, "layer.W_ff2");
  const Matrix* b = find(trace, "layer.b_ff2");
  FeedForwardExplanation e;
  for (Eigen::Index u = 0; u < l.ffn.activated.cols(); ++u)
    e.terms.push_back({l.ffn.activated(i, u), W(u, c), l.ffn.activated(i, u) * W(u, c)});
  e.bias = b ? (*b)(0, c) : 0.0;
  e.sum = l.ffn.output(i, c);
  return e;
}

std::optional<ScoreExplanation> explain_cross_score(const Trace& trace, int head, int i, int j) {
  if (!trace.cross || !in(head, static_cast<Eigen::Index>(trace.cross->head.size()))) return std::nullopt;
  const HeadTrace& h = trace.cross->head[static_cast<std::size_t>(head)];
  if (!in(i, h.scores.rows()) || !in(j, h.scores.cols())) return std::nullopt;
  ScoreExplanation e;
  for (Eigen::Index t = 0; t < h.Q.cols(); ++t) e.terms.push_back({h.Q(i, t), h.K(j, t), h.Q(i, t) * h.K(j, t)});
  e.sum = h.scores(i, j);
  e.divisor = trace.cross->divisor;
  e.scaled = h.scaled(i, j);
  e.hidden = !trace.cross->visible(i, j);
  return e;
}

}  // namespace attnlab
