#pragma once
// Step 3, score: how well each query matches each key — the alignment family of the lecture's
// Bahdanau section, of which the Transformer's (scaled) dot product is one member.
#include "lesson.hpp"

namespace attnlab {

// n_q × n_k scores for one head's Q (n × d_k) and K (n × d_k); parameters come from the lesson.
Matrix alignment_scores(const Lesson& lesson, const Matrix& Q, const Matrix& K);

// The lesson's scale rule, "automatic" resolved: sqrt_dk for scaled_dot scores, none for the others.
ScaleKind scale_rule(const Lesson& lesson);

// What the scores are divided by: √d_k, 1, or the lesson's number.
double score_divisor(const Lesson& lesson, int d_k);

}  // namespace attnlab
