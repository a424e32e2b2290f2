#include "trace_json.hpp"

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "test_helpers.hpp"

using namespace attnlab;

TEST_CASE("trace JSON: 17 significant digits that read back exactly; hidden cells are null") {
  const Trace t = test::trace_of(R"({"tokens": ["a", "b"], "mask": "causal", "X": [[0.1, 0.2], [0.3, 0.7]],
    "W_Q": [[1,0],[0,1]], "W_K": [[1,0],[0,1]], "W_V": [[1,0],[0,1]]})");
  const std::string text = trace_to_json(t);
  CHECK(text.find("0.10000000000000001") != std::string::npos);
  const auto j = nlohmann::json::parse(text);
  CHECK(j["tokens"] == nlohmann::json({"a", "b"}));
  CHECK(j["heads"][0]["masked"][0][1].is_null());
  CHECK(j["heads"][0]["weights"][0][1] == 0.0);
  CHECK(j["heads"][0]["scores"][1][0].get<double>() == t.head[0].scores(1, 0));
  for (const char* key : {"Q", "K", "V", "scores", "scaled", "masked", "weights", "Z", "softmax"})
    CHECK(j["heads"][0].contains(key));
  CHECK(j.contains("concat"));
  CHECK(j.contains("output"));
}

TEST_CASE("the commands: check lists problems, trace refuses bad input on stderr") {
  const auto ok =
      run_command("check", R"({"tokens": ["a"], "X": [[1]], "W_Q": [[1]], "W_K": [[1]], "W_V": [[1]]})", "l.json");
  CHECK(ok.exit_code == 0);
  CHECK(ok.out == "l.json: ok (1 tokens, 1 head)\n");
  const auto bad = run_command("check", R"({"tokens": ["a"], "X": [["x"]]})", "l.json");
  CHECK(bad.exit_code == 1);
  CHECK(bad.out == "l.json: X[0][0]: must be a number, not a string\n");
  const auto trace = run_command("trace", "{", "-");
  CHECK(trace.exit_code == 1);
  CHECK(trace.out.empty());
  CHECK(trace.err.rfind("-: lesson: is not valid JSON: ", 0) == 0);
  CHECK(run_command("frobnicate", "{}", "-").exit_code == 2);
}
