#pragma once
// Attention weights an instructor gives literally (the lesson's "weights"), such as a slide's printed row
// 0.99 / 0.0004 / 0.0003 / 0.0005: those rows replace the softmax's, and Z = weights · V is computed from them.
// A row left null is the softmax's as usual. See lesson-format.md, "Given weights".
#include "lesson.hpp"
#include "problems.hpp"
#include "trace.hpp"

namespace attnlab {

// How far a given row's sum may lie from 1: a slide prints its weights rounded (0.99 + 0.0004 + 0.0003 + 0.0005 =
// 0.9912), and such a row is shown as printed, not renormalised.
constexpr double given_row_tolerance = 0.01;

// Problems with the lesson's given weights: shape n × keys, one head, no layer, every weight ≥ 0, each given row
// summing to 1 within given_row_tolerance, and 0 on every key the mask hides from its query.
void validate_given_weights(const Lesson& lesson, Problems& problems);

// The head's weights with the given rows in place of the softmax's (whose steps stay in the trace, for comparison);
// their indices go to head.given_rows.
void apply_given_weights(const GivenWeights& given, HeadTrace& head);

}  // namespace attnlab
