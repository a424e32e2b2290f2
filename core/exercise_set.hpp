#pragma once
// An exercise set: a lesson plus the exercises to generate from it (see exercise-format.md).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "lesson.hpp"
#include "problems.hpp"

namespace attnlab {

enum class ExerciseKind {
  score,
  scaled_score,
  softmax_row,
  output_cell,
  predict_max,
  mask_zeros,
  why_scale,
  multihead_shapes,
  // the Transformer layer (a lesson with "layer"; cross_shapes a decoder layer or a cross-attention)
  layer_norm_cell,
  residual_sum,
  ffn_cell,
  cross_shapes,
  sinusoidal_entry,
  // the lecture's ideas around the pipeline (core/exercises_concepts.cpp)
  static_contextual,   // the "bank" lesson: one embedding row per word, one output row per context
  bahdanau_alignment,  // an additive (Bahdanau) alignment score by hand
  mask_purpose         // what a causal or a padding mask is for
};

struct ExerciseSpec {
  std::string id;
  ExerciseKind kind = ExerciseKind::score;
  std::optional<int> query, key, dim;  // unset: chosen by the student's seed (dim: a column of d_v, d_model or d_ff)
  int head = 0;
  std::optional<std::vector<double>> scores;  // softmax_row: explicit scores instead of the lesson's row
  MaskKind mask = MaskKind::causal;           // mask_zeros, mask_purpose
  bool mask_named = false;                    // mask_purpose: the set named the mask (else the seed picks one)
  std::vector<bool> padding;
  int d_k = 512;  // why_scale
  bool choice = false;
  std::optional<double> tolerance;
  // static_contextual: two sentences that share `word` (default: the lecture's two "bank" sentences)
  std::optional<std::vector<std::vector<std::string>>> sentences;
  std::optional<std::string> word;
};

struct ExerciseSet {
  std::string title;
  std::string lesson_json;  // kept as text: a student's seed is written into its init before it is read
  bool reseed = true;
  double tolerance = 0.01;
  std::optional<std::vector<std::string>> visible_steps;  // unset: all six
  std::vector<ExerciseSpec> exercises;
};

// Parses and validates (the lesson through read_lesson, its problems under "lesson."). Empty when valid.
Problems read_exercise_set(std::string_view json_text, ExerciseSet& set);

// The set's lesson with the student's seed written into init.seed (when the set reseeds and the lesson has init).
std::string lesson_for_seed(const ExerciseSet& set, std::uint32_t seed);

const char* exercise_kind_name(ExerciseKind kind);

// The lecture's two sentences with "bank" (the static-vs-contextual lesson), as tokens.
const std::vector<std::vector<std::string>>& lecture_bank_sentences();

}  // namespace attnlab
