#pragma once
// Decoding with a KV cache: a causal lesson generated one position at a time. At step t the new token's query,
// key and value rows are computed; the keys and values of positions 0…t−1 are read from the cache, never again
// from their tokens. Each step's attention row equals row t of the full causal computation.
#include <optional>
#include <vector>

#include "lesson.hpp"
#include "trace.hpp"

namespace attnlab {

struct HeadStep {
  Vector q, k, v;          // the new rows: x_t · W (+ b), this head's columns
  Vector scores, weights;  // against keys 0…t (t + 1 entries; the last one is the new key)
  Vector z;                // Σ_j weights[j] · v_j
};

struct DecodeStep {
  int position = 0;
  std::vector<HeadStep> heads;
  Vector output;                // the step's output row (concat · W_O + b_O)
  long long multiply_adds = 0;  // this step, with the cache
  long long without_cache = 0;  // this step, projecting keys and values of every earlier token again
};

// Nothing when the lesson is not a causal self-attention of the six steps (no layer or source) or t is out of range.
std::optional<DecodeStep> decode_step(const Lesson& lesson, const Trace& trace, int t);

}  // namespace attnlab
