#pragma once
// What the labs page (web/labs.html) asks for, read from its JSON options in one place: a missing or unusable
// field takes its default, numbers are clamped to the ranges the labs allow, and ±Infinity arrives as
// json_number writes it. Nothing here fails: the labs always draw something.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "matrix.hpp"
#include "scale_lab.hpp"
#include "training.hpp"

namespace attnlab {

// {dK: [...], queries, keys, seed}: at most 64 values of d_k, each in [1, 1024].
ScaleLabOptions scale_lab_options(const nlohmann::json& o);

// {logits: [...], hidden: [bool...], mask: number | "-Infinity"}: at most 64 logits; the mask value defaults to -∞.
struct PrecisionOptions {
  std::vector<double> logits;
  std::vector<bool> hidden;
  double mask = 0;
};
PrecisionOptions precision_options(const nlohmann::json& o);

// {H: n × d encoder states, S: T × d decoder states, dA, seed}: H and S at most 64 × 64 finite numbers with the
// same number of columns, d_a in [1, 64]. `problem` says why H and S cannot be used (then they are empty).
struct BahdanauOptions {
  Matrix H, S;
  int d_a = 4;
  std::uint32_t seed = 0;
  std::string problem;
};
BahdanauOptions bahdanau_options(const nlohmann::json& o);

// {seed, symbols, halfLength, dModel, dK, examples, learningRate, adam}; the trainer clamps the sizes.
TrainingOptions training_options(const nlohmann::json& o);

// Gradient steps one call may take: [0, 10000].
int training_updates(int updates);

}  // namespace attnlab
