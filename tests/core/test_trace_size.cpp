// How big a trace is before it is computed: the numbers the CLI would print, the cap on them, and the work the
// page weighs to send a lesson to its worker.
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>

#include "alignment.hpp"
#include "attention.hpp"
#include "limits.hpp"
#include "test_helpers.hpp"
#include "trace_json.hpp"
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

TEST_CASE("trace_work counts a whole layer: the feed-forward network and a decoder's cross-attention") {
  const std::string i = "[[1, 0], [0, 1]]", ln = R"({"gamma": [1, 1], "beta": [0, 0]})";
  const auto lesson = [&](bool decoder) {
    return lesson_from(R"({"tokens": ["a", "b", "c"], "X": [[1, 2], [-3, 0.5], [0, 1]], "W_Q": )" + i + R"(, "W_K": )" +
                       i + R"(, "W_V": )" + i + R"(, "layer": {"ln1": )" + ln + R"(, "ln2": )" + ln +
                       (decoder ? R"(, "ln3": )" + ln : "") +
                       R"(, "W_ff1": [[1, 0, 0], [0, 1, 0]], "W_ff2": [[1, 0], [0, 1], [1, 1]]})" +
                       (decoder ? R"(, "source": {"tokens": ["x", "y"], "X": [[1, 0], [0, 1]]}, "cross": {"W_Q": )" +
                                      i + R"(, "W_K": )" + i + R"(, "W_V": )" + i + R"(, "W_O": )" + i + "}"
                                : "") +
                       "}");
  };
  const double self = 3 * 2 * 2 + 3 * 2 * 4 + 3 * 3 * 4 + 3 * 3 * 50, ffn = 2 * 3 * 2 * 3;
  CHECK(trace_work(lesson(false)) == self + ffn);
  // cross-attention: Q of 3 tokens, K and V of 2 source tokens, 3 × 2 scores and sums, 3 × 2 cells at 50, W_O
  CHECK(trace_work(lesson(true)) == self + ffn + 3 * 2 * 2 + 2 * 2 * 4 + 3 * 2 * 4 + 3 * 2 * 50 + 3 * 2 * 2);
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

TEST_CASE("a layer's trace is counted with its positions, source, cross-attention and every layer step") {
  for (const char* name : {"layer_decoder_pre_gelu_h4_causal_sinusoidal", "layer_encoder_post_relu_h2",
                           "layer_decoder_post_relu_h2_causal_memory_padding"}) {
    std::ifstream in(std::string(ATTNLAB_FIXTURES) + "/golden/" + name + ".json");
    const nlohmann::json f = nlohmann::json::parse(in);
    const Lesson l = lesson_from(f["lesson"].dump());
    // the numbers of the trace's JSON, as `attnlab trace` prints it
    std::size_t printed = 0;
    const std::function<void(const nlohmann::json&)> count = [&](const nlohmann::json& j) {
      if (j.is_number() || j.is_null()) ++printed;
      else if (j.is_array() || j.is_object())
        for (const auto& v : j) count(v);
    };
    count(nlohmann::json::parse(trace_to_json(compute_trace(l))));
    CHECK(trace_numbers(l) >= printed - 60);  // (ids, sizes, eps and the divisors are not matrices)
    // (and counts the lesson's inputs as well, which the page's trace carries)
    std::size_t inputs = 0;
    for (const auto& [input, m] : l.matrices) inputs += static_cast<std::size_t>(m.size());
    CHECK(trace_numbers(l) <= printed + inputs + 60);
  }
  // a decoder's cross-attention is work too: the same lesson without its source and cross weights costs less
  std::ifstream in(std::string(ATTNLAB_FIXTURES) + "/golden/layer_decoder_post_relu_h2_causal_memory_padding.json");
  nlohmann::json lesson = nlohmann::json::parse(in)["lesson"];
  const double decoder = trace_work(lesson_from(lesson.dump()));
  lesson.erase("source");
  lesson.erase("cross");
  lesson["layer"].erase("ln3");
  CHECK(trace_work(lesson_from(lesson.dump())) < decoder);
}
