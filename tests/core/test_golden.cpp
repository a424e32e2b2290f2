// Golden numbers from NumPy and PyTorch (scripts/make_fixtures.py → tests/fixtures/golden): every fixture's
// lesson goes through the engine and every number it lists must match within its tolerance.
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "test_helpers.hpp"

using namespace attnlab;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

json load(const fs::path& path) {
  std::ifstream in(path);
  return json::parse(in);
}

// null in the fixture = a hidden cell (-inf in the engine's `masked`).
void require_matrix(const Matrix& actual, const json& expected, double tol, const std::string& what) {
  INFO(what);
  REQUIRE(actual.rows() == static_cast<Eigen::Index>(expected.size()));
  REQUIRE(actual.cols() == static_cast<Eigen::Index>(expected[0].size()));
  for (Eigen::Index r = 0; r < actual.rows(); ++r)
    for (Eigen::Index c = 0; c < actual.cols(); ++c) {
      const json& e = expected[r][c];
      INFO("[" << r << "][" << c << "]");
      if (e.is_null()) CHECK(std::isinf(actual(r, c)));
      else CHECK_THAT(actual(r, c), Catch::Matchers::WithinAbs(e.get<double>(), tol));
    }
}

json fixture(const std::string& name) { return load(fs::path(ATTNLAB_FIXTURES) / "golden" / (name + ".json")); }

}  // namespace

TEST_CASE("every golden fixture matches NumPy / PyTorch") {
  int count = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(ATTNLAB_FIXTURES) / "golden")) {
    if (entry.path().extension() != ".json") continue;
    const json f = load(entry.path());
    const std::string name = f["name"];
    INFO("fixture " << name);
    const double tol = f.value("tolerance", 1e-12);
    Lesson lesson = test::lesson_from(f["lesson"].dump());
    const Trace t = compute_trace(lesson);
    const json& e = f["expected"];
    if (e.contains("heads")) {
      REQUIRE(t.head.size() == e["heads"].size());
      for (std::size_t h = 0; h < t.head.size(); ++h) {
        const json& eh = e["heads"][h];
        const HeadTrace& th = t.head[h];
        const std::pair<const char*, const Matrix*> parts[] = {{"Q", &th.Q},
                                                               {"K", &th.K},
                                                               {"V", &th.V},
                                                               {"scores", &th.scores},
                                                               {"scaled", &th.scaled},
                                                               {"masked", &th.masked},
                                                               {"weights", &th.weights},
                                                               {"Z", &th.Z}};
        for (const auto& [key, m] : parts)
          if (eh.contains(key)) require_matrix(*m, eh[key], tol, name + " head " + std::to_string(h) + " " + key);
        if (eh.contains("empty_rows")) CHECK(th.empty_rows == eh["empty_rows"].get<std::vector<int>>());
      }
    }
    if (e.contains("concat")) require_matrix(t.concat, e["concat"], tol, name + " concat");
    if (e.contains("output")) require_matrix(t.output, e["output"], tol, name + " output");
    if (e.contains("matrices"))
      for (const auto& [key, m] : e["matrices"].items()) {
        // X may come from the embedding table: the trace has it either way. v_a is stored as a flat list.
        const Matrix* actual = key == "X" ? &t.X : lesson.find(key);
        REQUIRE(actual);
        require_matrix(*actual, m[0].is_array() ? m : json::array({m}), tol, name + " drawn " + key);
      }
    if (e.contains("d_k")) CHECK(t.d_k == e["d_k"].get<int>());
    if (e.contains("divisor")) CHECK_THAT(t.divisor, Catch::Matchers::WithinAbs(e["divisor"].get<double>(), 1e-15));
    if (e.contains("token_ids")) CHECK(*t.token_ids == e["token_ids"].get<std::vector<int>>());
    ++count;
  }
  CHECK(count >= 20);
}

TEST_CASE("NumPy's seeded stream is reproduced bit for bit") {
  // The fixtures hold the drawn matrices as Python floats (repr round-trips): equality, not tolerance.
  for (const char* name : {"numpy_stream_seed0_basic", "numpy_stream_seed123_rand", "numpy_stream_seed1_odd",
                           "numpy_stream_seed4294967295_heads3", "lecture20_seed20"}) {
    const json f = fixture(name);
    INFO(name);
    const Lesson lesson = test::lesson_from(f["lesson"].dump());
    for (const auto& [key, m] : f["expected"]["matrices"].items()) {
      const Matrix& drawn = *lesson.find(key);
      const json rows = m[0].is_array() ? m : json::array({m});
      for (Eigen::Index r = 0; r < drawn.rows(); ++r)
        for (Eigen::Index c = 0; c < drawn.cols(); ++c) REQUIRE(drawn(r, c) == rows[r][c].get<double>());
    }
  }
}

TEST_CASE("Lecture 20 script, seed 20: its printed attention matrix and outputs") {
  const json f = fixture("lecture20_seed20");
  const Trace t = test::trace_of(f["lesson"].dump());
  const json& printed = f["printed"];
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      CHECK_THAT(t.head[0].weights(i, j), Catch::Matchers::WithinAbs(printed["attention"][i][j].get<double>(), 0.0005));
      CHECK_THAT(t.head[0].Z(i, j), Catch::Matchers::WithinAbs(printed["Z_first4"][i][j].get<double>(), 0.0005));
    }
  CHECK(t.d_k == 8);
  CHECK_THAT(t.divisor, Catch::Matchers::WithinAbs(std::sqrt(8.0), 1e-15));
}

TEST_CASE("Raschka 2024, 'Life is short, eat dessert first': omega_2, its softmax, context_vector_2") {
  const json f = fixture("raschka_2024");
  const Trace t = test::trace_of(f["lesson"].dump());
  const json& published = f["published"];
  // Raschka's x_2 is the second token, "is": row 1.
  for (int j = 0; j < 6; ++j) {
    CHECK_THAT(t.head[0].scores(1, j), Catch::Matchers::WithinAbs(published["omega_2"][j].get<double>(), 0.00005));
    CHECK_THAT(t.head[0].weights(1, j),
               Catch::Matchers::WithinAbs(published["attention_weights_2"][j].get<double>(), 0.00005));
  }
  for (int c = 0; c < 4; ++c)
    CHECK_THAT(t.head[0].Z(1, c), Catch::Matchers::WithinAbs(published["context_vector_2"][c].get<double>(), 0.00005));
  CHECK(t.d_k == 2);
  CHECK(t.d_v == 4);
}
