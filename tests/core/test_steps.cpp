// core/steps.json, compiled in: the steps and link names the engine checks are the ones the page shows.
#include <catch2/catch.hpp>

#include "steps.hpp"

using namespace attnlab;

TEST_CASE("the six steps, then the Transformer layer's, in pipeline order, from core/steps.json") {
  CHECK(step_ids() == std::vector<std::string>{"embed", "project", "score", "scale", "softmax", "sum", "add_norm",
                                               "cross_score", "cross_softmax", "cross_sum", "cross_norm", "ffn",
                                               "ffn_norm"});
  CHECK(listed(step_ids()).rfind("embed, project, score, scale, softmax, sum, add_norm", 0) == 0);
}

TEST_CASE("a link may select every matrix the steps show, and lock the editable inputs and controls") {
  for (const char* m : {"X", "W_Q", "Q", "scores", "scaled", "weights", "mask", "Z", "concat", "W_O", "output"})
    CHECK(one_of(selectable_matrices(), m));
  for (const char* m : {"P", "norm1", "ffn_hidden", "cross_weights", "layer_output", "layer.ln1.gamma"})
    CHECK(one_of(selectable_matrices(), m));
  CHECK_FALSE(one_of(selectable_matrices(), "exp"));
  for (const char* l : {"X", "W_Q", "W_K", "W_V", "W_O", "sentence", "seed", "sizes", "scale", "mask", "positions",
                        "layer", "source", "layer.ln1.gamma", "layer.W_ff1", "cross.W_Q", "source.X"})
    CHECK(one_of(lockable_inputs(), l));
}
