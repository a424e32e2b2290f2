#pragma once
// Bahdanau-style encoder–decoder attention: at each output step i the decoder state s_i is compared with every
// encoder state h_j (the alignment function), the scores go through a softmax, and the context vector
// c_i = Σ_j α_ij h_j replaces the single fixed summary of a plain encoder–decoder. Every alignment function of
// alignment.hpp is available, computed by its formulas there.
#include <cstdint>
#include <vector>

#include "lesson.hpp"

namespace attnlab {

// The learned parameters of the alignment functions that have any (d = state size, n = encoder length).
struct AlignmentParameters {
  Matrix W_general;   // d × d: general, s · W · hᵀ
  Matrix W_location;  // d × n: location, (s · W)[j]
  Matrix W_1, W_2;    // d × d_a: additive, v_a · tanh(s · W_1 + h · W_2)
  Matrix v_a;         // 1 × d_a
};

// Seeded parameters: np.random.seed(seed), then randn in the order W_general, W_location, W_1, W_2, v_a,
// each times 1/√(rows), so scores stay of order 1.
AlignmentParameters draw_alignment_parameters(int d, int n, int d_a, std::uint32_t seed);

struct Alignment {
  ScoreKind kind = ScoreKind::dot;
  Vector scores;   // n: align(s_i, h_j) (divided by √d for scaled_dot)
  Vector weights;  // n: softmax(scores), α_i
  Vector context;  // d: c_i = α_i · H
};

// One decoder step: H is n × d (encoder states as rows), s has d entries. Shapes must agree with the parameters
// (the bindings check them); a kind whose parameters have the wrong shape gets all-zero scores.
Alignment align(ScoreKind kind, const Matrix& H, const Vector& s, const AlignmentParameters& parameters);

// Every alignment function (the order of all_alignment_kinds) for one decoder step.
std::vector<Alignment> align_all(const Matrix& H, const Vector& s, const AlignmentParameters& parameters);

// dot, scaled_dot, general, additive, cosine, location.
const std::vector<ScoreKind>& all_alignment_kinds();

}  // namespace attnlab
