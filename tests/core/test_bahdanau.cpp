// Bahdanau attention: every alignment function's scores, weights and context vector match NumPy; the context
// is a convex combination of the encoder states; the seeded parameters are drawn in the documented order.
#include <catch2/catch.hpp>

#include "bahdanau.hpp"
#include "lab_fixtures.hpp"

using namespace attnlab;
using attnlab::test::fixture_number;
using attnlab::test::lab_fixture;

namespace {
Matrix matrix_of(const nlohmann::json& rows) {
  Matrix m(rows.size(), rows[0].size());
  for (Eigen::Index i = 0; i < m.rows(); ++i)
    for (Eigen::Index j = 0; j < m.cols(); ++j) m(i, j) = rows[i][j];
  return m;
}
}  // namespace

TEST_CASE("Bahdanau alignment: scores, weights and context match NumPy for all six functions") {
  const auto f = lab_fixture("bahdanau");
  const Matrix H = matrix_of(f["H"]);
  const auto s_list = f["s"].get<std::vector<double>>();
  const Vector s = Eigen::Map<const Vector>(s_list.data(), static_cast<Eigen::Index>(s_list.size()));
  const auto params =
      draw_alignment_parameters(static_cast<int>(H.cols()), static_cast<int>(H.rows()), f["d_a"], f["seed"]);
  const double tol = f["tolerance"];
  const auto all = align_all(H, s, params);
  REQUIRE(all.size() == 6);
  for (const auto& a : all) {
    const auto& e = f["alignments"][score_name(a.kind)];
    INFO(score_name(a.kind));
    for (Eigen::Index j = 0; j < H.rows(); ++j) {
      CHECK_THAT(a.scores(j), Catch::Matchers::WithinAbs(fixture_number(e["scores"][j]), tol));
      CHECK_THAT(a.weights(j), Catch::Matchers::WithinAbs(fixture_number(e["weights"][j]), tol));
    }
    for (Eigen::Index t = 0; t < H.cols(); ++t)
      CHECK_THAT(a.context(t), Catch::Matchers::WithinAbs(fixture_number(e["context"][t]), tol));
  }
}

TEST_CASE("the context vector is the weights times the encoder states and lies inside their range") {
  Matrix H(3, 2);
  H << 1, 0, 0, 1, 1, 1;
  const auto params = draw_alignment_parameters(2, 3, 4, 5);
  for (const auto& a : align_all(H, Vector::Ones(2), params)) {
    INFO(score_name(a.kind));
    CHECK(a.weights.sum() == Approx(1));
    CHECK((a.weights.array() >= 0).all());
    CHECK((a.context - H.transpose() * a.weights).norm() < 1e-15);
    CHECK(a.context.maxCoeff() <= 1 + 1e-15);
  }
  // dot: the decoder state (1, 1) matches the third encoder state best
  const auto dot = align(ScoreKind::dot, H, Vector::Ones(2), params);
  CHECK(dot.scores(2) == 2);
  CHECK(dot.weights(2) > dot.weights(0));
  // scaled_dot divides by √d; cosine ignores length
  CHECK(align(ScoreKind::scaled_dot, H, Vector::Ones(2), params).scores(2) == Approx(2 / std::sqrt(2.0)));
  CHECK(align(ScoreKind::cosine, H, 5 * Vector::Ones(2), params).scores(2) == Approx(1));
  // location ignores the encoder states' content
  Matrix other = Matrix::Random(3, 2);
  CHECK((align(ScoreKind::location, other, Vector::Ones(2), params).weights -
         align(ScoreKind::location, H, Vector::Ones(2), params).weights)
            .norm() == 0);
}

TEST_CASE("wrong shapes give uniform weights, never a crash") {
  Matrix H = Matrix::Ones(4, 3);
  const auto params = draw_alignment_parameters(2, 2, 2, 0);  // sized for d = 2, n = 2
  for (const auto& a : align_all(H, Vector::Ones(3), params)) CHECK(a.weights.sum() == Approx(1));
  CHECK(align(ScoreKind::dot, H, Vector::Ones(5), params).scores.isZero());
  CHECK(align(ScoreKind::dot, Matrix(0, 3), Vector::Ones(3), params).weights.size() == 0);
}
