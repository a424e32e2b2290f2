// core/steps.json, compiled in: the steps and link names the engine checks are the ones the page shows.
#include <catch2/catch.hpp>

#include "steps.hpp"

using namespace attnlab;

TEST_CASE("the six steps, in pipeline order, from core/steps.json") {
  CHECK(step_ids() == std::vector<std::string>{"embed", "project", "score", "scale", "softmax", "sum"});
  CHECK(listed(step_ids()) == "embed, project, score, scale, softmax, sum");
}

TEST_CASE("a link may select every matrix the steps show, and lock the editable inputs and controls") {
  for (const char* m : {"X", "W_Q", "Q", "scores", "scaled", "weights", "mask", "Z", "concat", "W_O", "output"})
    CHECK(one_of(selectable_matrices(), m));
  CHECK_FALSE(one_of(selectable_matrices(), "exp"));
  CHECK(lockable_inputs() ==
        std::vector<std::string>{"X", "W_Q", "W_K", "W_V", "W_O", "sentence", "seed", "sizes", "scale", "mask"});
}
