#include "explain.hpp"

#include <algorithm>
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
  e.score = trace.score;
  e.sum = h.scores(i, j);
  e.dot = e.sum;
  const auto q = h.Q.row(i);
  switch (trace.score) {
    case ScoreKind::scaled_dot:
    case ScoreKind::dot:
    case ScoreKind::cosine:
      for (Eigen::Index t = 0; t < q.size(); ++t) e.terms.push_back({q(t), h.K(j, t), q(t) * h.K(j, t)});
      break;
    case ScoreKind::general: {  // q · (W_a · k): the key as W_a sees it, then a dot product
      const auto found = trace.inputs.find("W_a");
      if (found == trace.inputs.end()) break;
      const Vector seen = found->second * h.K.row(j).transpose();
      for (Eigen::Index t = 0; t < q.size(); ++t) e.terms.push_back({q(t), seen(t), q(t) * seen(t)});
      break;
    }
    case ScoreKind::additive:
    case ScoreKind::location: break;
  }
  if (trace.score == ScoreKind::cosine) {
    e.dot = 0;
    for (const Term& t : e.terms) e.dot += t.product;
    e.q_norm = q.norm();
    e.k_norm = h.K.row(j).norm();
  }
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
  if (std::count(h.given_rows.begin(), h.given_rows.end(), i) > 0) {
    e.given = std::move(e.weights);
    e.weights.clear();
    for (double x : e.exp) e.weights.push_back(e.empty ? 0.0 : x / e.sum);
  }
  return e;
}

std::optional<OutputExplanation> explain_output(const Trace& trace, int head, int i, int t) {
  if (!in(head, static_cast<Eigen::Index>(trace.head.size()))) return std::nullopt;
  const HeadTrace& h = trace.head[static_cast<std::size_t>(head)];
  if (!in(i, h.Z.rows()) || !in(t, h.Z.cols())) return std::nullopt;
  OutputExplanation e;
  for (Eigen::Index j = 0; j < h.V.rows(); ++j)
    e.terms.push_back({h.weights(i, j), h.V(j, t), h.weights(i, j) * h.V(j, t)});
  e.sum = h.Z(i, t);
  return e;
}

std::optional<ProjectionExplanation> explain_projection(const Trace& trace, char matrix, int head, int i, int t) {
  if (!in(head, static_cast<Eigen::Index>(trace.head.size()))) return std::nullopt;
  const HeadTrace& h = trace.head[static_cast<std::size_t>(head)];
  const Matrix* out = matrix == 'Q' ? &h.Q : matrix == 'K' ? &h.K : matrix == 'V' ? &h.V : nullptr;
  const auto W = trace.inputs.find(std::string("W_") + matrix);
  if (!out || W == trace.inputs.end() || !in(i, out->rows()) || !in(t, out->cols())) return std::nullopt;
  ProjectionExplanation e;
  e.column = head * static_cast<int>(out->cols()) + t;
  for (Eigen::Index r = 0; r < trace.X.cols(); ++r)
    e.terms.push_back({trace.X(i, r), W->second(r, e.column), trace.X(i, r) * W->second(r, e.column)});
  e.sum = (*out)(i, t);
  return e;
}

}  // namespace attnlab
