#include "training.hpp"

#include <algorithm>
#include <cmath>

#include "scale_lab.hpp"

namespace attnlab {
namespace {

AttentionParameters zeros_like(const AttentionParameters& p) {
  return {Matrix::Zero(p.E.rows(), p.E.cols()),     Matrix::Zero(p.P.rows(), p.P.cols()),
          Matrix::Zero(p.W_Q.rows(), p.W_Q.cols()), Matrix::Zero(p.W_K.rows(), p.W_K.cols()),
          Matrix::Zero(p.W_V.rows(), p.W_V.cols()), Matrix::Zero(p.W_O.rows(), p.W_O.cols())};
}

}  // namespace

std::vector<std::pair<std::string, Matrix*>> parameter_list(AttentionParameters& p) {
  return {{"E", &p.E}, {"P", &p.P}, {"W_Q", &p.W_Q}, {"W_K", &p.W_K}, {"W_V", &p.W_V}, {"W_O", &p.W_O}};
}

ForwardPass forward(const AttentionParameters& p, const MaskedExample& example) {
  ForwardPass f;
  const Eigen::Index n = static_cast<Eigen::Index>(example.ids.size());
  f.X.resize(n, p.E.cols());
  for (Eigen::Index i = 0; i < n; ++i) f.X.row(i) = p.E.row(example.ids[static_cast<std::size_t>(i)]) + p.P.row(i);
  f.Q = f.X * p.W_Q;
  f.K = f.X * p.W_K;
  f.V = f.X * p.W_V;
  f.scores = f.Q * f.K.transpose() / std::sqrt(static_cast<double>(p.W_Q.cols()));
  f.weights.resize(n, n);
  for (Eigen::Index i = 0; i < n; ++i) f.weights.row(i) = softmax_vector(f.scores.row(i).transpose()).transpose();
  f.Z = f.weights * f.V;
  f.logits = (f.Z.row(example.position) * p.W_O).transpose();
  f.probs = softmax_vector(f.logits);
  // −ln p[target], computed from the logits so it stays finite when p underflows
  f.loss =
      std::log((f.logits.array() - f.logits.maxCoeff()).exp().sum()) + f.logits.maxCoeff() - f.logits(example.target);
  return f;
}

BatchResult loss_and_gradients(const AttentionParameters& p, const std::vector<MaskedExample>& batch,
                               AttentionParameters* g) {
  BatchResult r;
  if (g) *g = zeros_like(p);
  if (batch.empty()) return r;
  const double inv_batch = 1.0 / static_cast<double>(batch.size());
  const double inv_sqrt_dk = 1 / std::sqrt(static_cast<double>(p.W_Q.cols()));
  for (const MaskedExample& ex : batch) {
    const ForwardPass f = forward(p, ex);
    r.loss += f.loss * inv_batch;
    Eigen::Index best;
    f.probs.maxCoeff(&best);
    if (best == ex.target) r.accuracy += inv_batch;
    if (!g) continue;
    const Eigen::Index n = f.X.rows(), pos = ex.position;
    // cross-entropy through softmax: ∂loss/∂logits = probs − onehot(target)
    Vector d_logits = f.probs * inv_batch;
    d_logits(ex.target) -= inv_batch;
    g->W_O += f.Z.row(pos).transpose() * d_logits.transpose();
    // only row p of Z reaches the loss
    Matrix dZ = Matrix::Zero(n, f.Z.cols());
    dZ.row(pos) = (p.W_O * d_logits).transpose();
    // Z = weights · V
    const Matrix d_weights = dZ * f.V.transpose();
    const Matrix dV = f.weights.transpose() * dZ;
    // softmax per row: ∂s_j = w_j (∂w_j − Σ_k w_k ∂w_k)
    Matrix d_scores(n, n);
    for (Eigen::Index i = 0; i < n; ++i) {
      const double dot = d_weights.row(i).dot(f.weights.row(i));
      d_scores.row(i) = f.weights.row(i).array() * (d_weights.row(i).array() - dot);
    }
    d_scores *= inv_sqrt_dk;  // scores = Q Kᵀ / √d_k
    const Matrix dQ = d_scores * f.K, dK = d_scores.transpose() * f.Q;
    g->W_Q += f.X.transpose() * dQ;
    g->W_K += f.X.transpose() * dK;
    g->W_V += f.X.transpose() * dV;
    const Matrix dX = dQ * p.W_Q.transpose() + dK * p.W_K.transpose() + dV * p.W_V.transpose();
    for (Eigen::Index i = 0; i < n; ++i) g->E.row(ex.ids[static_cast<std::size_t>(i)]) += dX.row(i);
    g->P += dX;
  }
  return r;
}

TrainingOptions clamped(const TrainingOptions& o) {
  TrainingOptions c = o;
  c.symbols = std::clamp(o.symbols, 2, 12);
  c.half_length = std::clamp(o.half_length, 1, 6);
  c.d_model = std::clamp(o.d_model, 2, 32);
  c.d_k = std::clamp(o.d_k, 1, 32);
  c.examples = std::clamp(o.examples, 1, 4096);
  c.learning_rate = std::isfinite(o.learning_rate) ? std::clamp(o.learning_rate, 1e-5, 10.0) : 0.005;
  return c;
}

std::vector<MaskedExample> make_examples(const TrainingOptions& o, NumpyRandom& rng) {
  const int m = o.half_length, length = 2 * m;
  std::vector<MaskedExample> out;
  for (int e = 0; e < o.examples; ++e) {
    MaskedExample ex;
    ex.ids.resize(static_cast<std::size_t>(length));
    for (int j = 0; j < m; ++j) {
      const int symbol = std::min(o.symbols - 1, static_cast<int>(rng.rand() * o.symbols));
      ex.ids[static_cast<std::size_t>(j)] = ex.ids[static_cast<std::size_t>(j + m)] = symbol;
    }
    ex.position = std::min(length - 1, static_cast<int>(rng.rand() * length));
    ex.target = ex.ids[static_cast<std::size_t>(ex.position)];
    ex.ids[static_cast<std::size_t>(ex.position)] = o.symbols;  // [MASK]
    out.push_back(std::move(ex));
  }
  return out;
}

AttentionParameters initial_parameters(const TrainingOptions& o, NumpyRandom& rng) {
  const double s = 1 / std::sqrt(static_cast<double>(o.d_model)), s_k = 1 / std::sqrt(static_cast<double>(o.d_k));
  AttentionParameters p;
  p.E = rng.matrix(o.symbols + 1, o.d_model, 1.0);
  p.P = rng.matrix(2 * o.half_length, o.d_model, 1.0);
  p.W_Q = rng.matrix(o.d_model, o.d_k, s);
  p.W_K = rng.matrix(o.d_model, o.d_k, s);
  p.W_V = rng.matrix(o.d_model, o.d_k, s);
  p.W_O = rng.matrix(o.d_k, o.symbols, s_k);
  return p;
}

AttentionTrainer::AttentionTrainer(const TrainingOptions& options) { reset(options); }

void AttentionTrainer::reset(const TrainingOptions& options) {
  use_fixed_blocking();
  options_ = clamped(options);
  NumpyRandom rng(options_.seed);
  examples_ = make_examples(options_, rng);
  params_ = initial_parameters(options_, rng);
  m_ = zeros_like(params_);
  v_ = zeros_like(params_);
  beta1_t_ = beta2_t_ = 1;
  const BatchResult r = loss_and_gradients(params_, examples_, &grad_);
  losses_ = {r.loss};
  accuracies_ = {r.accuracy};
}

void AttentionTrainer::step(int updates) {
  constexpr double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  const double lr = options_.learning_rate;
  for (int u = 0; u < updates; ++u) {
    // grad_ holds the gradient at the current parameters (computed with the last loss)
    auto params = parameter_list(params_), grads = parameter_list(grad_), m = parameter_list(m_),
         v = parameter_list(v_);
    beta1_t_ *= beta1;
    beta2_t_ *= beta2;
    for (std::size_t k = 0; k < params.size(); ++k) {
      Matrix& w = *params[k].second;
      const Matrix& g = *grads[k].second;
      if (!options_.adam) {
        w -= lr * g;
        continue;
      }
      Matrix& mk = *m[k].second;
      Matrix& vk = *v[k].second;
      mk = beta1 * mk + (1 - beta1) * g;
      vk = beta2 * vk + (1 - beta2) * g.cwiseProduct(g);
      w.array() -= lr * (mk.array() / (1 - beta1_t_)) / ((vk.array() / (1 - beta2_t_)).sqrt() + eps);
    }
    const BatchResult r = loss_and_gradients(params_, examples_, &grad_);
    losses_.push_back(r.loss);
    accuracies_.push_back(r.accuracy);
  }
}

TrainingState AttentionTrainer::state(int shown) const {
  TrainingState s;
  s.step = static_cast<int>(losses_.size()) - 1;
  s.loss = losses_.back();
  s.accuracy = accuracies_.back();
  if (examples_.empty()) return s;
  shown = std::clamp(shown, 0, static_cast<int>(examples_.size()) - 1);
  const ForwardPass f = forward(params_, examples_[static_cast<std::size_t>(shown)]);
  s.weights = f.weights;
  s.probs = f.probs;
  return s;
}

std::vector<std::string> AttentionTrainer::vocabulary() const {
  std::vector<std::string> v;
  for (int i = 0; i < options_.symbols; ++i) v.push_back(std::string(1, static_cast<char>('a' + i)));
  v.push_back("[MASK]");
  return v;
}

}  // namespace attnlab
