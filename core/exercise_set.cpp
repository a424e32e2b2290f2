#include "exercise_set.hpp"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

#include "exercises.hpp"
#include "lesson_json.hpp"
#include "limits.hpp"
#include "steps.hpp"
#include "text.hpp"

namespace attnlab {
namespace {

using nlohmann::json;

const std::vector<std::pair<std::string, ExerciseKind>>& kinds() {
  static const std::vector<std::pair<std::string, ExerciseKind>> k{
      {"score", ExerciseKind::score},
      {"scaled_score", ExerciseKind::scaled_score},
      {"softmax_row", ExerciseKind::softmax_row},
      {"output_cell", ExerciseKind::output_cell},
      {"predict_max", ExerciseKind::predict_max},
      {"mask_zeros", ExerciseKind::mask_zeros},
      {"why_scale", ExerciseKind::why_scale},
      {"multihead_shapes", ExerciseKind::multihead_shapes},
      {"layer_norm_cell", ExerciseKind::layer_norm_cell},
      {"residual_sum", ExerciseKind::residual_sum},
      {"ffn_cell", ExerciseKind::ffn_cell},
      {"cross_shapes", ExerciseKind::cross_shapes},
      {"sinusoidal_entry", ExerciseKind::sinusoidal_entry},
      {"static_contextual", ExerciseKind::static_contextual},
      {"bahdanau_alignment", ExerciseKind::bahdanau_alignment},
      {"mask_purpose", ExerciseKind::mask_purpose}};
  return k;
}
// "score, scaled_score, …": every kind, in the table's order
const std::string& kind_names() {
  static const std::string names = [] {
    std::string out;
    for (const auto& [name, kind] : kinds()) out += (out.empty() ? "" : ", ") + name;
    return out;
  }();
  return names;
}

bool whole(const json& j, double lo, double hi) {
  return j.is_number() && std::isfinite(j.get<double>()) && j.get<double>() == std::floor(j.get<double>()) &&
         j.get<double>() >= lo && j.get<double>() <= hi;
}

// One ceiling for every tolerance, the set's and each exercise's: past it any answer would be right.
bool valid_tolerance(const json& t) {
  return t.is_number() && t.get<double>() > 0 && t.get<double>() <= limits::max_tolerance;
}
const char* tolerance_rule = "must be a positive number of at most 1e6";

// Every number of a generated answer key must be finite: a NaN key (written as null) would accept anything.
bool finite_numbers(const nlohmann::ordered_json& j) {
  if (j.is_number()) return std::isfinite(j.get<double>());
  if (j.is_null()) return false;
  if (j.is_array() || j.is_object())
    for (const auto& v : j)
      if (!finite_numbers(v)) return false;
  return true;
}

bool valid_id(const std::string& id) {
  return !id.empty() && id.size() <= 64 &&
         std::all_of(id.begin(), id.end(), [](unsigned char c) { return std::isalnum(c) || c == '-' || c == '_'; });
}

}  // namespace

const char* exercise_kind_name(ExerciseKind kind) {
  for (const auto& [name, k] : kinds())
    if (k == kind) return name.c_str();
  return "score";
}

Problems read_exercise_set(std::string_view text, ExerciseSet& set) {
  Problems problems;
  auto fail = [&](const std::string& field, const char* code, ProblemParams params, const std::string& message) {
    problems.push_back({field, message, code, std::move(params)});
  };
  set = ExerciseSet{};
  if (text.size() > limits::max_json_bytes) {
    fail("exercise set", codes::input_too_large, {number_param("mib", 32)}, "is larger than 32 MiB");
    return problems;
  }
  if (const std::string why = text_problem(text); !why.empty()) {
    fail("exercise set", codes::not_utf8, {number_param("byte", *first_invalid_utf8(text))}, why);
    return problems;
  }
  const std::optional<std::string> replaced = lone_surrogates_replaced(text);  // "\ud800" reads as U+FFFD
  if (replaced) text = *replaced;
  const json j = json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    fail("exercise set", codes::set_not_an_object, {}, "must be a JSON object");
    return problems;
  }
  if (auto t = j.find("title"); t != j.end()) {
    if (!t->is_string() || count_chars(t->get_ref<const std::string&>()) > limits::max_title_chars)
      fail("title", codes::title_invalid, {number_param("max", limits::max_title_chars)},
           "must be a string of at most " + std::to_string(limits::max_title_chars) + " characters");
    else set.title = *t;
  }
  auto l = j.find("lesson");
  if (l == j.end() || !l->is_object()) {
    fail("lesson", codes::set_lesson_missing, {}, "is missing: an exercise set needs a lesson object");
    return problems;
  }
  set.lesson_json = l->dump();
  Lesson lesson;
  for (const auto& p : read_lesson(set.lesson_json, lesson))
    fail("lesson." + p.field, p.code.c_str(), p.params, p.message);
  if (!problems.empty()) return problems;
  const int n = static_cast<int>(lesson.tokens.size());
  const int h = lesson.heads;
  const int d_v = static_cast<int>(lesson.find("W_V")->cols()) / h;

  if (auto r = j.find("reseed"); r != j.end()) {
    if (!r->is_boolean()) fail("reseed", codes::not_a_boolean, {{"type", r->type_name()}}, "must be true or false");
    else set.reseed = *r;
  }
  if (auto t = j.find("tolerance"); t != j.end()) {
    if (!valid_tolerance(*t)) fail("tolerance", codes::tolerance_invalid, {}, tolerance_rule);
    else set.tolerance = *t;
  }
  if (auto v = j.find("visible_steps"); v != j.end()) {
    if (!v->is_array()) fail("visible_steps", codes::visible_steps_invalid, {}, "must be a list of step names");
    else set.visible_steps.emplace();
    if (v->is_array())
      for (std::size_t i = 0; i < v->size(); ++i) {
        const json& s = (*v)[i];
        // the walkthrough's steps, the Transformer layer's included (core/steps.json)
        if (!s.is_string() || !one_of(step_ids(), s.get<std::string>()))
          fail("visible_steps[" + std::to_string(i) + "]", codes::step_unknown, {{"steps", listed(step_ids())}},
               "must be a step of the walkthrough: " + listed(step_ids()));
        else set.visible_steps->push_back(s);
      }
  }

  auto list = j.find("exercises");
  if (list == j.end() || !list->is_array() || list->empty() || list->size() > 50) {
    fail("exercises", codes::exercises_invalid, {number_param("max", 50)}, "must be a list of 1 to 50 exercises");
    return problems;
  }
  std::set<std::string> ids;
  for (std::size_t i = 0; i < list->size(); ++i) {
    const json& e = (*list)[i];
    const std::string f = "exercises[" + std::to_string(i) + "]";
    if (!e.is_object()) {
      fail(f, codes::exercise_not_an_object, {}, "must be an object with an id and a kind");
      continue;
    }
    ExerciseSpec spec;
    if (!e.contains("id") || !e["id"].is_string() || !valid_id(e["id"])) {
      fail(f + ".id", codes::exercise_id_invalid, {}, "must be 1-64 letters, digits, '-' or '_'");
      continue;
    }
    spec.id = e["id"];
    if (!ids.insert(spec.id).second)
      fail(f + ".id", codes::exercise_id_twice, {{"id", spec.id}}, "\"" + spec.id + "\" is used twice");
    const auto k = std::find_if(kinds().begin(), kinds().end(), [&](const auto& p) {
      return e.contains("kind") && e["kind"].is_string() && e["kind"] == p.first;
    });
    if (k == kinds().end()) {
      fail(f + ".kind", codes::one_of, {{"allowed", kind_names()}}, "must be one of " + kind_names());
      continue;
    }
    spec.kind = k->second;
    const bool layer_kind = spec.kind == ExerciseKind::layer_norm_cell || spec.kind == ExerciseKind::residual_sum ||
                            spec.kind == ExerciseKind::ffn_cell;
    if (layer_kind && !lesson.layer) {
      fail(f + ".kind", codes::kind_needs_layer, {},
           "needs a lesson with a \"layer\" (a layer norm, a residual sum and an FFN are the layer's)");
      continue;
    }
    if (spec.kind == ExerciseKind::mask_purpose && (lesson.source || n < 2)) {
      fail(f + ".kind", codes::kind_needs_self_attention, {},
           "needs a self-attention lesson (no \"source\") of at least 2 tokens: a mask hides keys of the "
           "lesson's own tokens");
      continue;
    }
    if (spec.kind == ExerciseKind::cross_shapes && !lesson.source) {
      fail(f + ".kind", codes::kind_needs_source, {},
           "needs a lesson with a \"source\" (a cross-attention attends over it)");
      continue;
    }
    auto index = [&](const char* key, int size, std::optional<int>& out) {
      if (!e.contains(key)) return;
      if (!whole(e[key], 0, size - 1))
        fail(f + "." + key, codes::whole_number_range, {number_param("min", 0), number_param("max", size - 1)},
             "must be a whole number from 0 to " + std::to_string(size - 1));
      else out = e[key].get<int>();
    };
    index("query", n, spec.query);
    index("key", n, spec.key);
    // dim: a column of the output (d_v), of the model (a norm, a residual sum, P) or a hidden unit of the FFN (d_ff)
    const int d_model = static_cast<int>(lesson.find("W_Q")->rows());
    const int d_ff = lesson.find("layer.W_ff1") ? static_cast<int>(lesson.find("layer.W_ff1")->cols()) : 1;
    index("dim",
          spec.kind == ExerciseKind::ffn_cell                         ? d_ff
          : layer_kind || spec.kind == ExerciseKind::sinusoidal_entry ? d_model
                                                                      : d_v,
          spec.dim);
    if (e.contains("head")) {
      if (!whole(e["head"], 0, h - 1))
        fail(f + ".head", codes::whole_number_range, {number_param("min", 0), number_param("max", h - 1)},
             "must be a whole number from 0 to " + std::to_string(h - 1));
      else spec.head = e["head"];
    }
    if (e.contains("tolerance")) {
      if (!valid_tolerance(e["tolerance"])) fail(f + ".tolerance", codes::tolerance_invalid, {}, tolerance_rule);
      else spec.tolerance = e["tolerance"].get<double>();
    }
    if (e.contains("scores")) {
      const json& s = e["scores"];
      std::vector<double> v;
      if (s.is_array() && s.size() >= 2 && s.size() <= 16)
        for (const auto& x : s)
          if (x.is_number() && std::abs(x.get<double>()) <= 1e3) v.push_back(x);
      if (v.size() != s.size() || v.size() < 2)
        fail(f + ".scores", codes::scores_invalid, {}, "must be a list of 2 to 16 numbers within \u00b11000");
      else spec.scores = v;
    }
    if (e.contains("mask")) {
      const json& m = e["mask"];
      if (m.is_string() && m == "causal") {
        spec.mask = MaskKind::causal;
        spec.mask_named = true;
      } else if (m.is_object() && m.contains("padding") && m["padding"].is_array() &&
                 m["padding"].size() == static_cast<std::size_t>(n) &&
                 std::all_of(m["padding"].begin(), m["padding"].end(), [](const json& b) { return b.is_boolean(); })) {
        spec.mask = MaskKind::padding;
        for (const auto& b : m["padding"]) spec.padding.push_back(b.get<bool>());
        spec.mask_named = true;
      } else {
        fail(f + ".mask", codes::exercise_mask_invalid, {number_param("flags", n)},
             "must be \"causal\" or {\"padding\": [true/false per token]} with " + std::to_string(n) + " flags");
      }
    }
    if (e.contains("d_k")) {
      if (!whole(e["d_k"], 1, 4096))
        fail(f + ".d_k", codes::whole_number_range, {number_param("min", 1), number_param("max", 4096)},
             "must be a whole number from 1 to 4096");
      else spec.d_k = e["d_k"];
    }
    if (e.contains("sentences")) {
      // two sentences of 2 to 16 tokens (each at most 64 characters), sharing the word asked about
      const json& s = e["sentences"];
      std::vector<std::vector<std::string>> v;
      if (s.is_array() && s.size() == 2)
        for (const auto& sentence : s) {
          if (!sentence.is_array() || sentence.size() < 2 || sentence.size() > 16) break;
          std::vector<std::string> words;
          for (const auto& w : sentence)
            if (w.is_string() && !w.get_ref<const std::string&>().empty() &&
                count_chars(w.get_ref<const std::string&>()) <= limits::max_token_chars)
              words.push_back(w);
          if (words.size() != sentence.size()) break;
          v.push_back(std::move(words));
        }
      if (v.size() != 2)
        fail(f + ".sentences", codes::sentences_invalid, {number_param("max", limits::max_token_chars)},
             "must be two lists of 2 to 16 tokens (strings of 1 to 64 characters)");
      else spec.sentences = std::move(v);
    }
    if (e.contains("word")) {
      if (!e["word"].is_string() || e["word"].get_ref<const std::string&>().empty() ||
          count_chars(e["word"].get_ref<const std::string&>()) > limits::max_token_chars)
        fail(f + ".word", codes::word_invalid, {number_param("max", limits::max_token_chars)},
             "must be a token of 1 to 64 characters");
      else spec.word = e["word"];
    }
    if (spec.kind == ExerciseKind::static_contextual) {
      const auto& both = spec.sentences ? *spec.sentences : lecture_bank_sentences();
      const std::string word = spec.word.value_or("bank");
      for (std::size_t which = 0; which < both.size(); ++which)
        if (std::find(both[which].begin(), both[which].end(), word) == both[which].end())
          fail(f + ".word", codes::word_not_in_sentence, {{"word", word}, number_param("sentence", which + 1)},
               "\"" + word + "\" is not a token of sentence " + std::to_string(which + 1) +
                   ": both sentences must contain it");
    }
    if (e.contains("variant")) {
      if (e["variant"] == "choice") spec.choice = true;
      else if (e["variant"] != "numeric")
        fail(f + ".variant", codes::one_of, {{"allowed", "\"numeric\", \"choice\""}},
             "must be \"numeric\" or \"choice\"");
    }
    set.exercises.push_back(spec);
  }
  // The answer keys of the set as written (its own seed): one that is not a finite number refuses the set.
  // The lesson limits already keep every number finite (core/limits.hpp, min_scale); this check keeps it so,
  // on lessons small enough to compute again at once (about 5·10⁶ multiply-adds, a few milliseconds).
  const double n_d = static_cast<double>(n) * static_cast<double>(lesson.find("W_Q")->rows());
  const double work =
      n_d * static_cast<double>(lesson.find("W_Q")->cols() * 2 + lesson.find("W_V")->cols()) +
      static_cast<double>(n) * n * static_cast<double>(lesson.find("W_Q")->cols() + lesson.find("W_V")->cols());
  if (problems.empty() && work <= 5e6) {
    const auto sheet = nlohmann::ordered_json::parse(generate_exercises(set, 0), nullptr, false);
    if (sheet.is_discarded())
      return fail("exercises", codes::exercises_not_generated, {}, "cannot be generated"), problems;
    const auto& generated = sheet["exercises"];
    for (std::size_t i = 0; i < generated.size(); ++i)
      if (!finite_numbers(generated[i]["answer"]))
        fail("exercises[" + std::to_string(i) + "]", codes::answer_not_finite, {},
             "has an answer that is not a finite number (the lesson's numbers overflow): it could not be checked");
  }
  return problems;
}

const std::vector<std::vector<std::string>>& lecture_bank_sentences() {
  static const std::vector<std::vector<std::string>> s{
      {"I", "went", "to", "bank", "for", "opening", "an", "account"},
      {"I", "went", "to", "bank", "of", "a", "river", "for", "the", "walk"}};
  return s;
}

std::string lesson_for_seed(const ExerciseSet& set, std::uint32_t seed) {
  json lesson = json::parse(set.lesson_json);
  if (set.reseed && lesson.contains("init") && lesson["init"].is_object()) lesson["init"]["seed"] = seed;
  return lesson.dump();
}

}  // namespace attnlab
