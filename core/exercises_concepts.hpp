#pragma once
// Exercises on the lecture's ideas around the pipeline, generated like the others (core/exercises.cpp): the
// static-vs-contextual "bank" lesson, a Bahdanau (additive) alignment score, and what a mask is for.
#include <functional>
#include <nlohmann/json.hpp>

#include "exercise_set.hpp"
#include "numpy_random.hpp"
#include "trace.hpp"

namespace attnlab {

// Fills `e` (id, kind, tolerance and mistakes already set) with prompt, given, answer, mistakes and solution for
// a static_contextual, bahdanau_alignment or mask_purpose exercise. Its numbers come from the lesson's trace and
// from `rng` (the student's seed); pick(size) chooses 0 … size − 1 from the same stream.
void concept_exercise(const ExerciseSpec& spec, const Lesson& lesson, const Trace& trace,
                      const std::function<int(int)>& pick, NumpyRandom& rng, nlohmann::ordered_json& e);

}  // namespace attnlab
