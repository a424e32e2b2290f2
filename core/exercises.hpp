#pragma once
// One student's exercises, generated from a set and a seed, with answer keys, the answers that common
// mistakes produce (so the page can give a targeted hint) and worked solutions.
#include <cstdint>
#include <string>

#include "exercise_set.hpp"

namespace attnlab {

// JSON text: {"title", "seed", "visible_steps", "reseed", "lesson" (as computed, seed written in), "exercises": [{id,
// kind, prompt, given, answer, tolerance, mistakes, solution}]}. `set` must have passed read_exercise_set.
std::string generate_exercises(const ExerciseSet& set, std::uint32_t seed);

}  // namespace attnlab
