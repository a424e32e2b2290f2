// How big a trace is before it is computed: the numbers the CLI would print, the cap on them, and the work the
// page weighs to send a lesson to its worker.
#include "alignment.hpp"
#include "limits.hpp"
#include "test_helpers.hpp"
#include "trace_size.hpp"

using namespace attnlab;
using namespace attnlab::test;

namespace {
std::string seeded(int n, int d, int heads) {
  std::string tokens;
  for (int i = 0; i < n; ++i) tokens += std::string(i ? "," : "") + "\"t" + std::to_string(i) + "\"";
  const std::string x = "[" + std::to_string(n) + "," + std::to_string(d) + "]",
                    w = "[" + std::to_string(d) + "," + std::to_string(d) + "]";
  return R"({"tokens":[)" + tokens + R"(],"heads":)" + std::to_string(heads) + R"(,"init":{"seed":1,"draws":[)" +
         R"({"name":"X","shape":)" + x + R"(},{"name":"W_Q","shape":)" + w + R"(},{"name":"W_K","shape":)" + w +
         R"(},{"name":"W_V","shape":)" + w + "}]}}";
}
}  // namespace

TEST_CASE("trace_work counts the projections, QK^T, A·V and the per-cell work of every head") {
  const Lesson l = lesson_from(seeded(4, 8, 2));
  // 4·8·8 for Q, 4·8·16 for K and V, 4·4·(8 + 8) for the two products, 4·4·2 cells at 50
  CHECK(trace_work(l) == 4 * 8 * 8 + 4 * 8 * 16 + 4 * 4 * 16 + 4 * 4 * 2 * 50);
  // the page's worker threshold (2·10⁸) is passed by 256 tokens × 64 heads of 256 dimensions, not by a lecture
  CHECK(trace_work(lesson_from(seeded(256, 256, 64))) > 2e8);
  CHECK(trace_work(lesson_from(seeded(8, 64, 8))) < 2e8);
}

TEST_CASE("trace_too_large names the lesson and the cap; a small lesson passes") {
  CHECK_FALSE(trace_too_large(lesson_from(seeded(4, 8, 2))));
  const auto p = trace_too_large(lesson_from(seeded(512, 512, 16)));
  REQUIRE(p);
  CHECK(p->field == "lesson");
  CHECK(p->message.find("at most " + std::to_string(limits::max_trace_numbers)) != std::string::npos);
}

TEST_CASE("the trace carries the scale rule it used, automatic resolved by the score") {
  const std::string base = seeded(3, 4, 1);
  const auto with = [&](const std::string& fields) {
    return trace_of(base.substr(0, base.size() - 1) + "," + fields + "}");
  };
  const Trace automatic = trace_of(base);
  CHECK(automatic.scale == ScaleKind::sqrt_dk);
  CHECK(automatic.divisor == Approx(2.0));
  CHECK(with(R"("score":"dot")").scale == ScaleKind::none);
  CHECK(with(R"("score":"cosine")").scale == ScaleKind::none);
  CHECK(with(R"("scale":"none")").scale == ScaleKind::none);
  const Trace numeric = with(R"("scale":3)");
  CHECK(numeric.scale == ScaleKind::value);
  CHECK(numeric.scale_value == 3);
  CHECK(numeric.divisor == 3);
}
