// core/steps.json, compiled in: the steps and link names the engine checks are the ones the page shows.
#include <catch2/catch.hpp>

#include "steps.hpp"

using namespace attnlab;

TEST_CASE("the six steps, then the Transformer layer's, in pipeline order, from core/steps.json") {
  CHECK(step_ids() == std::vector<std::string>{"embed", "project", "score", "scale", "softmax", "sum", "add_norm",
                                               "cross_score", "cross_softmax", "cross_sum", "cross_norm", "ffn",
                                               "ffn_norm"});
  CHECK(listed(step_ids()).rfind("embed, project, score, scale, softmax, sum, add_norm", 0) == 0);
  // the six every lesson has: the layer's steps say when they apply
  CHECK(attention_step_ids() == std::vector<std::string>{"embed", "project", "score", "scale", "softmax", "sum"});
}

TEST_CASE("a link may select every matrix the steps show, and lock the editable inputs and controls") {
  for (const char* m : {"X", "W_Q", "Q", "scores", "scaled", "weights", "mask", "Z", "concat", "W_O", "output"})
    CHECK(one_of(selectable_matrices(), m));
  for (const char* m : {"P", "norm1", "cross_weights", "layer.W_ff1", "ffn_normed", "layer_output"})
    CHECK(one_of(selectable_matrices(), m));
  CHECK_FALSE(one_of(selectable_matrices(), "exp"));
  for (const char* m : {"X", "W_Q", "W_K", "W_V", "W_O", "sentence", "seed", "sizes", "scale", "mask", "positions",
                        "layer", "source", "layer.ln1.gamma", "cross.W_Q", "layer.W_ff1", "ffn_gamma"})
    CHECK(one_of(lockable_inputs(), m));
  CHECK_FALSE(one_of(lockable_inputs(), "Q"));
}
