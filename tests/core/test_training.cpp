// Watching attention learn: the hand-written backward pass matches central finite differences, the seeded
// sentences and initial loss match NumPy, and training from one seed cuts the loss by a large factor,
// identically every run.
#include <catch2/catch.hpp>

#include "lab_fixtures.hpp"
#include "training.hpp"

using namespace attnlab;
using attnlab::test::lab_fixture;

namespace {
AttentionParameters random_parameters(NumpyRandom& rng, int vocab, int length, int d, int d_k, int symbols) {
  auto draw = [&](int r, int c) {
    Matrix m(r, c);
    for (int i = 0; i < r; ++i)
      for (int j = 0; j < c; ++j) m(i, j) = rng.randn();
    return m;
  };
  return {draw(vocab, d), draw(length, d), draw(d, d_k), draw(d, d_k), draw(d, d_k), draw(d_k, symbols)};
}
}  // namespace

TEST_CASE("gradients of the attention layer match central finite differences on random inputs") {
  for (std::uint32_t seed : {1u, 2u, 3u}) {
    NumpyRandom rng(seed);
    const int symbols = 3 + static_cast<int>(seed), m = 1 + static_cast<int>(seed), d = 3 + static_cast<int>(seed),
              d_k = 2 + static_cast<int>(seed);
    AttentionParameters p = random_parameters(rng, symbols + 1, 2 * m, d, d_k, symbols);
    TrainingOptions o;
    o.symbols = symbols;
    o.half_length = m;
    o.examples = 5;
    const auto batch = make_examples(o, rng);
    AttentionParameters g;
    loss_and_gradients(p, batch, &g);
    auto params = parameter_list(p);
    auto grads = parameter_list(g);
    const double h = 1e-5;
    for (std::size_t k = 0; k < params.size(); ++k) {
      Matrix& w = *params[k].second;
      const Matrix& gw = *grads[k].second;
      REQUIRE(gw.rows() == w.rows());
      REQUIRE(gw.cols() == w.cols());
      for (Eigen::Index i = 0; i < w.rows(); ++i)
        for (Eigen::Index j = 0; j < w.cols(); ++j) {
          const double keep = w(i, j);
          w(i, j) = keep + h;
          const double up = loss_and_gradients(p, batch, nullptr).loss;
          w(i, j) = keep - h;
          const double down = loss_and_gradients(p, batch, nullptr).loss;
          w(i, j) = keep;
          INFO("seed " << seed << " " << params[k].first << "[" << i << "][" << j << "]");
          CHECK_THAT(gw(i, j),
                     Catch::Matchers::WithinAbs((up - down) / (2 * h), 1e-7 * std::max(1.0, std::abs(gw(i, j)))));
        }
    }
  }
}

TEST_CASE("the seeded sentences, parameters and initial loss match NumPy") {
  const auto f = lab_fixture("training");
  TrainingOptions o;
  o.seed = f["seed"];
  o.symbols = f["symbols"];
  o.half_length = f["half_length"];
  o.d_model = f["d_model"];
  o.d_k = f["d_k"];
  o.examples = f["examples"];
  const AttentionTrainer t(o);
  const double tol = f["tolerance"];
  const auto& first = t.examples().front();
  CHECK(first.ids == f["first_example"]["ids"].get<std::vector<int>>());
  CHECK(first.position == f["first_example"]["position"].get<int>());
  CHECK(first.target == f["first_example"]["target"].get<int>());
  const auto& E = f["E"];
  for (Eigen::Index i = 0; i < t.parameters().E.rows(); ++i)
    for (Eigen::Index j = 0; j < t.parameters().E.cols(); ++j) CHECK(t.parameters().E(i, j) == E[i][j].get<double>());
  const auto& W_O = f["W_O"];
  for (Eigen::Index i = 0; i < t.parameters().W_O.rows(); ++i)
    for (Eigen::Index j = 0; j < t.parameters().W_O.cols(); ++j)
      CHECK_THAT(t.parameters().W_O(i, j), Catch::Matchers::WithinAbs(W_O[i][j].get<double>(), tol));
  CHECK_THAT(t.state().loss, Catch::Matchers::WithinAbs(f["loss"].get<double>(), tol));
  CHECK(t.state().accuracy == f["accuracy"].get<double>());
}

TEST_CASE("training from the same seed reduces the loss by a large factor, identically every run") {
  AttentionTrainer a, b;
  const double initial = a.state().loss;
  CHECK(initial > 1.5);  // about ln 6: the model starts by guessing
  a.step(300);
  b.step(100);
  b.step(200);
  const TrainingState end = a.state();
  CHECK(end.step == 300);
  CHECK(end.loss < initial / 100);
  CHECK(end.accuracy == 1);
  CHECK(a.loss_history() == b.loss_history());  // bit for bit
  CHECK(end.weights == b.state().weights);
  // the masked query has learned to look m = 3 positions away, where the only copy of its token is
  const auto& shown = a.examples().front();
  const int partner = (shown.position + 3) % 6;
  CHECK(end.weights(shown.position, partner) > 0.8);
  CHECK(end.probs(shown.target) > 0.99);
  // reset replays the run from the start
  a.reset(a.options());
  CHECK(a.state().step == 0);
  CHECK(a.state().loss == initial);
  a.step(300);
  CHECK(a.loss_history() == b.loss_history());
}

TEST_CASE("plain gradient descent also learns the task") {
  TrainingOptions o;
  o.adam = false;
  o.learning_rate = 0.5;
  AttentionTrainer t(o);
  const double initial = t.state().loss;
  t.step(600);
  CHECK(t.state().loss < initial / 100);
}

TEST_CASE("options are clamped, never refused") {
  TrainingOptions o;
  o.symbols = 100;
  o.half_length = 0;
  o.d_k = -3;
  o.learning_rate = std::nan("");
  AttentionTrainer t(o);
  CHECK(t.options().symbols == 12);
  CHECK(t.options().half_length == 1);
  CHECK(t.options().d_k == 1);
  CHECK(t.vocabulary().size() == 13);
  CHECK(t.vocabulary().back() == "[MASK]");
  t.step(2);
  CHECK(std::isfinite(t.state().loss));
}
