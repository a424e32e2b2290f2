// Recomputing after an edit: compute_trace(lesson, &previous) takes the steps the edit left alone from the
// previous trace. Whatever the edit, the result must be exactly (bit for bit) the trace computed from scratch.
#include <map>
#include <string>
#include <vector>

#include "test_helpers.hpp"

using namespace attnlab;
using attnlab::test::lesson_from;

namespace {

void require_same(const Matrix& a, const Matrix& b, const std::string& what) {
  INFO(what);
  REQUIRE(a.rows() == b.rows());
  REQUIRE(a.cols() == b.cols());
  REQUIRE(a == b);
}

void require_same(const Trace& a, const Trace& b) {
  require_same(a.X, b.X, "X");
  REQUIRE(a.head.size() == b.head.size());
  for (std::size_t h = 0; h < a.head.size(); ++h) {
    const HeadTrace &x = a.head[h], &y = b.head[h];
    for (const auto& [name, m, n] :
         std::vector<std::tuple<std::string, const Matrix*, const Matrix*>>{{"Q", &x.Q, &y.Q},
                                                                            {"K", &x.K, &y.K},
                                                                            {"V", &x.V, &y.V},
                                                                            {"scores", &x.scores, &y.scores},
                                                                            {"scaled", &x.scaled, &y.scaled},
                                                                            {"masked", &x.masked, &y.masked},
                                                                            {"weights", &x.weights, &y.weights},
                                                                            {"exp", &x.softmax.exp, &y.softmax.exp},
                                                                            {"Z", &x.Z, &y.Z}})
      require_same(*m, *n, name + " of head " + std::to_string(h));
    REQUIRE(x.softmax.sum == y.softmax.sum);
    REQUIRE(x.empty_rows == y.empty_rows);
  }
  require_same(a.concat, b.concat, "concat");
  require_same(a.output, b.output, "output");
  REQUIRE(a.divisor == b.divisor);
}

// Every part a trace says it kept equals that part of the previous trace.
void require_unchanged_equal(const Trace& next, const Trace& before) {
  for (const std::string& name : next.unchanged) {
    INFO("unchanged " << name);
    if (auto it = next.inputs.find(name); it != next.inputs.end())
      require_same(it->second, before.inputs.at(name), name);
    else if (name == "X") require_same(next.X, before.X, name);
    else if (name == "concat") require_same(next.concat, before.concat, name);
    else if (name == "output") require_same(next.output, before.output, name);
    else
      for (std::size_t h = 0; h < next.head.size(); ++h) {
        const HeadTrace &a = next.head[h], &b = before.head.at(h);
        const std::map<std::string, std::pair<const Matrix*, const Matrix*>> steps{
            {"Q", {&a.Q, &b.Q}},
            {"K", {&a.K, &b.K}},
            {"V", {&a.V, &b.V}},
            {"scores", {&a.scores, &b.scores}},
            {"scaled", {&a.scaled, &b.scaled}},
            {"weights", {&a.weights, &b.weights}},
            {"Z", {&a.Z, &b.Z}}};
        REQUIRE(steps.count(name) == 1);
        require_same(*steps.at(name).first, *steps.at(name).second, name);
      }
  }
}

const std::string base = R"("tokens": ["a", "b", "c", "d"], "heads": 2, "init": {"seed": 5, "draws": [
  {"name": "X", "shape": [4, 6]}, {"name": "W_Q", "shape": [6, 4]}, {"name": "W_K", "shape": [6, 4]},
  {"name": "W_V", "shape": [6, 4]}, {"name": "W_O", "shape": [4, 3]}]})";

}  // namespace

TEST_CASE("after any edit, the trace built on the previous one equals the trace computed from scratch") {
  const std::vector<std::pair<std::string, std::string>> edits{
      {"nothing", base},
      {"an X cell",
       base + R"(, "X": [[1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0], [0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 2]])"},
      {"W_V only",
       base + R"(, "W_V": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 1, 1, 1], [0, 0, 0, 0]])"},
      {"W_Q only",
       base + R"(, "W_Q": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 1, 1, 1], [0, 0, 0, 3]])"},
      {"W_O only", base + R"(, "W_O": [[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1]])"},
      {"the mask", base + R"(, "mask": "causal")"},
      {"padding that empties a row", base + R"(, "mask": {"padding": [true, true, true, true]})"},
      {"the scale", base + R"(, "scale": "none")"},
      {"the score function", base + R"(, "score": "dot")"},
      {"the number of heads", R"("tokens": ["a", "b", "c", "d"], "heads": 4, "init": {"seed": 5, "draws": [
        {"name": "X", "shape": [4, 6]}, {"name": "W_Q", "shape": [6, 4]}, {"name": "W_K", "shape": [6, 4]},
        {"name": "W_V", "shape": [6, 4]}]})"},
      {"the tokens",
       R"("tokens": ["a", "b"], "X": [[1, 2], [3, 4]], "W_Q": [[1, 0], [0, 1]], "W_K": [[1, 0], [0, 1]], "W_V": [[2, 0], [0, 2]])"},
  };
  // Every edit after every other: the previous trace may come from any lesson.
  for (const auto& [from_name, from] : edits)
    for (const auto& [to_name, to] : edits) {
      INFO("from " << from_name << " to " << to_name);
      Trace previous = compute_trace(lesson_from("{" + from + "}"));
      const Trace before = previous;  // (parts of `previous` are moved into the new trace)
      const Lesson lesson = lesson_from("{" + to + "}");
      const Trace next = compute_trace(lesson, &previous);
      require_same(next, compute_trace(lesson));
      require_unchanged_equal(next, before);
    }
}

TEST_CASE("a trace names the parts an edit left alone") {
  const auto unchanged_after = [](const std::string& from, const std::string& to) {
    Trace previous = compute_trace(lesson_from("{" + from + "}"));
    return compute_trace(lesson_from("{" + to + "}"), &previous).unchanged;
  };
  using Names = std::vector<std::string>;
  const std::string W_V =
      R"(, "W_V": [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 1, 1, 1], [0, 0, 0, 0]])";
  CHECK(unchanged_after(base, base + W_V) == Names{"W_K", "W_O", "W_Q", "X", "Q", "K", "scores", "scaled", "weights"});
  CHECK(unchanged_after(base, base + R"(, "mask": "causal")") ==
        Names{"W_K", "W_O", "W_Q", "W_V", "X", "Q", "K", "V", "scores", "scaled"});
  CHECK(unchanged_after(base, base).size() == 14);                        // the 5 inputs (X among them) and 9 steps
  CHECK(compute_trace(lesson_from("{" + base + "}")).unchanged.empty());  // no previous trace
}
