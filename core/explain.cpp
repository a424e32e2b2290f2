#include "explain.hpp"

#include <cmath>

namespace attnlab {
namespace {
bool in(int v, Eigen::Index size) { return v >= 0 && v < size; }
}  // namespace

std::optional<ScoreExplanation> explain_score(const Trace& trace, int head, int i, int j) {
  if (!in(head, static_cast<Eigen::Index>(trace.head.size()))) return std::nullopt;
  const HeadTrace& h = trace.head[static_cast<std::size_t>(head)];
  if (!in(i, h.scores.rows()) || !in(j, h.scores.cols())) return std::nullopt;
  ScoreExplanation e;
  for (Eigen::Index t = 0; t < h.Q.cols(); ++t) e.terms.push_back({h.Q(i, t), h.K(j, t), h.Q(i, t) * h.K(j, t)});
  e.sum = h.scores(i, j);
  e.divisor = trace.divisor;
  e.scaled = h.scaled(i, j);
  e.hidden = !trace.visible(i, j);
  return e;
}

std::optional<SoftmaxExplanation> explain_softmax(const Trace& trace, int head, int i) {
  if (!in(head, static_cast<Eigen::Index>(trace.head.size()))) return std::nullopt;
  const HeadTrace& h = trace.head[static_cast<std::size_t>(head)];
  if (!in(i, h.masked.rows())) return std::nullopt;
  SoftmaxExplanation e;
  e.max = h.softmax.max(i);
  e.sum = h.softmax.sum(i);
  e.empty = !std::isfinite(e.max);
  for (Eigen::Index j = 0; j < h.masked.cols(); ++j) {
    e.hidden.push_back(!trace.visible(i, j));
    e.shifted.push_back(e.hidden.back() || e.empty ? -INFINITY : h.masked(i, j) - e.max);
    e.exp.push_back(h.softmax.exp(i, j));
    e.weights.push_back(h.weights(i, j));
  }
  return e;
}

std::optional<OutputExplanation> explain_output(const Trace& trace, int head, int i, int t) {
  if (!in(head, static_cast<Eigen::Index>(trace.head.size()))) return std::nullopt;
  const HeadTrace& h = trace.head[static_cast<std::size_t>(head)];
  if (!in(i, h.Z.rows()) || !in(t, h.Z.cols())) return std::nullopt;
  OutputExplanation e;
  for (Eigen::Index j = 0; j < h.V.rows(); ++j) e.terms.push_back({h.weights(i, j), h.V(j, t), h.weights(i, j) * h.V(j, t)});
  e.sum = h.Z(i, t);
  return e;
}

}  // namespace attnlab
