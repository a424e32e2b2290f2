#include "lesson_json.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <nlohmann/json.hpp>

#include "limits.hpp"
#include "numpy_random.hpp"
#include "text.hpp"
#include "tokenizer.hpp"
#include "validate.hpp"

namespace attnlab {
namespace {

using nlohmann::json;

// A JSON value's type in the words of an English message (the problem's "type" parameter is nlohmann's own name)
const char* type_words(const json& j) {
  switch (j.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "a list";
    case json::value_t::object: return "an object";
    case json::value_t::discarded: return "nothing";
    default: return "a number";
  }
}

// nlohmann's DOM builder, keeping the parser's own message instead of throwing it (the wasm build has no
// exceptions), so the user learns where the JSON breaks.
struct MessageKeepingSax : nlohmann::detail::json_sax_dom_parser<json> {
  std::string error;
  explicit MessageKeepingSax(json& j) : json_sax_dom_parser(j, false) {}
  template <class Exception>
  bool parse_error(std::size_t, const std::string&, const Exception& ex) {
    error = ex.what();
    if (auto at = error.find("] "); at != std::string::npos) error.erase(0, at + 2);  // "[json.exception.…] "
    return false;
  }
};

std::string index(const std::string& field, std::size_t i) { return field + "[" + std::to_string(i) + "]"; }

class Reader {
 public:
  explicit Reader(Problems& problems) : problems_(problems) {}

  void fail(const std::string& field, const char* code, ProblemParams params, const std::string& message) {
    problems_.push_back({field, message, code, std::move(params)});
  }
  // A value of the wrong JSON type: `code` says what it must be, the parameter "type" what it is.
  void wrong_type(const std::string& field, const char* code, const json& j, const std::string& message) {
    fail(field, code, {{"type", j.type_name()}}, message + type_words(j));
  }
  std::size_t count() const { return problems_.size(); }

  // A finite number within the limits, or a problem.
  bool number(const json& j, const std::string& field, double& out) {
    if (!j.is_number()) {
      wrong_type(field, codes::not_a_number, j, "must be a number, not ");
      return false;
    }
    out = j.get<double>();
    if (!std::isfinite(out)) {
      fail(field, codes::not_finite, {}, "must be a finite number");
      return false;
    }
    if (std::abs(out) > limits::max_abs_value) {
      fail(field, codes::number_too_large, {}, "is too large: numbers must lie within \u00b11e12");
      return false;
    }
    return true;
  }

  bool matrix(const json& j, const std::string& field, Matrix& out) {
    if (!j.is_array() || j.empty()) {
      if (j.is_array()) fail(field, codes::empty_matrix, {}, "must be a non-empty list of rows, not an empty list");
      else wrong_type(field, codes::not_a_matrix, j, "must be a non-empty list of rows, not ");
      return false;
    }
    if (j.size() > limits::max_entries) {
      fail(field, codes::too_many_rows, {number_param("rows", j.size())},
           "has too many rows (" + std::to_string(j.size()) + ")");
      return false;
    }
    // A flat list of numbers is one row (v_a, or a one-token X).
    const bool flat = !j[0].is_array();
    const std::size_t rows = flat ? 1 : j.size();
    const std::size_t cols = flat ? j.size() : j[0].size();
    if (cols == 0) {
      fail(index(field, 0), codes::empty_row, {}, "is an empty row");
      return false;
    }
    if (rows * cols > limits::max_entries) {
      fail(field, codes::too_many_entries,
           {number_param("count", rows * cols), number_param("max", limits::max_entries)},
           "has " + std::to_string(rows * cols) + " entries; at most " + std::to_string(limits::max_entries) +
               " are allowed");
      return false;
    }
    out.resize(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
    bool ok = true;
    for (std::size_t r = 0; r < rows && ok; ++r) {
      const json& row = flat ? j : j[r];
      const std::string row_field = flat ? field : index(field, r);
      if (!row.is_array()) {
        wrong_type(row_field, codes::row_not_a_list, row, "must be a list of numbers, not ");
        return false;
      }
      if (row.size() != cols) {
        fail(row_field, codes::ragged_row, {number_param("length", row.size()), number_param("expected", cols)},
             "has " + std::to_string(row.size()) + " numbers but row 0 has " + std::to_string(cols) +
                 ": every row needs the same length");
        return false;
      }
      for (std::size_t c = 0; c < cols && ok; ++c)
        ok = number(row[c], index(row_field, c), out(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)));
    }
    return ok;
  }

  // A matrix that arrived as numbers already (typed arrays from JavaScript) gets the same checks as JSON.
  bool checked(const Matrix& m, const std::string& field) {
    if (m.size() == 0 || static_cast<std::size_t>(m.size()) > limits::max_entries) {
      fail(field, codes::entries_count_range, {number_param("max", limits::max_entries)},
           "must have between 1 and " + std::to_string(limits::max_entries) + " entries");
      return false;
    }
    // (over the row-major data as one run: this file is compiled for size, where m(r, c) is a call per number)
    const double* data = m.data();
    const Eigen::Index size = m.size();
    for (Eigen::Index k = 0; k < size; ++k)
      if (!(std::abs(data[k]) <= limits::max_abs_value)) {  // (NaN fails the comparison too)
        const bool finite = std::isfinite(data[k]);
        fail(index(index(field, static_cast<std::size_t>(k / m.cols())), static_cast<std::size_t>(k % m.cols())),
             finite ? codes::number_too_large : codes::not_finite, {},
             finite ? "is too large: numbers must lie within \u00b11e12" : "must be a finite number");
        return false;
      }
    return true;
  }

  bool string_list(const json& j, const std::string& field, std::size_t max_items, std::vector<std::string>& out) {
    if (!j.is_array()) {
      wrong_type(field, codes::not_a_string_list, j, "must be a list of strings, not ");
      return false;
    }
    if (j.size() > max_items) {
      fail(field, codes::too_many_items, {number_param("count", j.size()), number_param("max", max_items)},
           "has " + std::to_string(j.size()) + " entries; at most " + std::to_string(max_items) + " are allowed");
      return false;
    }
    out.clear();
    for (std::size_t i = 0; i < j.size(); ++i) {
      if (!j[i].is_string()) {
        wrong_type(index(field, i), codes::not_a_string, j[i], "must be a string, not ");
        return false;
      }
      out.push_back(j[i].get<std::string>());
      if (count_chars(out.back()) > limits::max_token_chars) {
        fail(index(field, i), codes::too_long, {number_param("max", limits::max_token_chars)},
             "is longer than " + std::to_string(limits::max_token_chars) + " characters");
        return false;
      }
      if (out.back().empty()) {
        fail(index(field, i), codes::empty_string, {}, "is an empty string");
        return false;
      }
    }
    return true;
  }

 private:
  Problems& problems_;
};

const std::vector<std::string>& known_fields() {
  static const std::vector<std::string> fields{
      "tokens", "sentence", "vocab", "heads", "score",     "scale",  "mask",  "init",  "title",  "note",
      "X",      "E",        "W_Q",   "W_K",   "W_V",       "W_O",    "W_a",   "W_1",   "W_2",    "v_a",
      "b_Q",    "b_K",      "b_V",   "b_O",   "positions", "source", "layer", "cross", "weights"};
  return fields;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

// "w_q" is almost certainly W_Q: say so instead of silently ignoring it. Other extra fields are welcome.
void check_field_names(const json& j, Reader& r) {
  for (auto it = j.begin(); it != j.end(); ++it) {
    const auto& known = known_fields();
    if (std::find(known.begin(), known.end(), it.key()) != known.end()) continue;
    for (const auto& k : known)
      if (lower(k) == lower(it.key()))
        r.fail(it.key(), codes::misspelled_field, {{"suggestion", k}},
               "is not a lesson field; did you mean \"" + k + "\"?");
  }
}

void read_tokens(const json& j, Reader& r, Lesson& lesson) {
  if (j.contains("tokens") && j.contains("sentence"))
    r.fail("sentence", codes::tokens_and_sentence, {}, "give either tokens or a sentence, not both");
  if (auto it = j.find("tokens"); it != j.end()) {
    r.string_list(*it, "tokens", limits::max_tokens, lesson.tokens);
  } else if (auto s = j.find("sentence"); s != j.end()) {
    if (!s->is_string()) return r.wrong_type("sentence", codes::not_a_string, *s, "must be a string, not ");
    const auto& text = s->get_ref<const std::string&>();
    if (count_chars(text) > limits::max_sentence_chars)
      return r.fail("sentence", codes::too_long, {number_param("max", limits::max_sentence_chars)},
                    "is longer than " + std::to_string(limits::max_sentence_chars) + " characters");
    lesson.tokens = tokenize(text);
    if (lesson.tokens.empty()) return r.fail("sentence", codes::sentence_no_tokens, {}, "has no tokens");
    if (lesson.tokens.size() > limits::max_tokens)
      return r.fail("sentence", codes::too_many_tokens,
                    {number_param("count", lesson.tokens.size()), number_param("max", limits::max_tokens)},
                    "has " + std::to_string(lesson.tokens.size()) + " tokens; at most " +
                        std::to_string(limits::max_tokens) + " are allowed");
    for (std::size_t i = 0; i < lesson.tokens.size(); ++i)
      if (count_chars(lesson.tokens[i]) > limits::max_token_chars)
        return r.fail("sentence", codes::sentence_token_too_long,
                      {number_param("index", i), number_param("max", limits::max_token_chars)},
                      "token " + std::to_string(i) + " is longer than " + std::to_string(limits::max_token_chars) +
                          " characters");
    lesson.vocab = sorted_vocabulary(lesson.tokens);
  }
  if (auto v = j.find("vocab"); v != j.end()) {
    std::vector<std::string> vocab;
    if (r.string_list(*v, "vocab", limits::max_vocab, vocab)) lesson.vocab = vocab;
  }
}

// Free text for people: the engine does not use it, but it must be text of a bounded length.
void read_free_text(const json& j, Reader& r) {
  for (const auto& [name, limit] :
       {std::pair<const char*, std::size_t>{"title", limits::max_title_chars}, {"note", limits::max_note_chars}}) {
    auto it = j.find(name);
    if (it == j.end()) continue;
    if (!it->is_string()) r.wrong_type(name, codes::not_a_string, *it, "must be text, not ");
    else if (count_chars(it->get_ref<const std::string&>()) > limit)
      r.fail(name, codes::too_long, {number_param("max", limit)},
             "is longer than " + std::to_string(limit) + " characters");
  }
}

void read_options(const json& j, Reader& r, Lesson& lesson) {
  if (auto h = j.find("heads"); h != j.end()) {
    double v = 0;
    if (r.number(*h, "heads", v)) {
      if (v != std::floor(v) || v < 1 || v > static_cast<double>(limits::max_heads))
        r.fail("heads", codes::whole_number_range, {number_param("min", 1), number_param("max", limits::max_heads)},
               "must be a whole number from 1 to " + std::to_string(limits::max_heads));
      else lesson.heads = static_cast<int>(v);
    }
  }
  if (auto s = j.find("score"); s != j.end()) {
    static const std::vector<std::pair<std::string, ScoreKind>> kinds{
        {"scaled_dot", ScoreKind::scaled_dot}, {"dot", ScoreKind::dot},       {"general", ScoreKind::general},
        {"additive", ScoreKind::additive},     {"cosine", ScoreKind::cosine}, {"location", ScoreKind::location}};
    const auto k = std::find_if(kinds.begin(), kinds.end(),
                                [&](const auto& p) { return s->is_string() && s->get<std::string>() == p.first; });
    if (k == kinds.end())
      r.fail("score", codes::one_of,
             {{"allowed", "\"scaled_dot\", \"dot\", \"general\", \"additive\", \"cosine\", \"location\""}},
             "must be one of \"scaled_dot\", \"dot\", \"general\", \"additive\", \"cosine\", \"location\"");
    else lesson.score = k->second;
  }
  if (auto s = j.find("scale"); s != j.end()) {
    if (s->is_string() && *s == "sqrt_dk") {
      lesson.scale = ScaleKind::sqrt_dk;
    } else if (s->is_string() && *s == "none") {
      lesson.scale = ScaleKind::none;
    } else if (s->is_number()) {
      if (r.number(*s, "scale", lesson.scale_value)) {
        if (lesson.scale_value <= 0)
          r.fail("scale", codes::scale_not_positive, {}, "must be a positive number to divide the scores by");
        else if (lesson.scale_value < limits::min_scale)
          r.fail("scale", codes::scale_too_small, {},
                 "is too small: dividing by less than 1e-12 can make the scaled scores infinite; use a number from "
                 "1e-12 to 1e12");
        lesson.scale = ScaleKind::value;
      }
    } else {
      r.fail("scale", codes::scale_invalid, {}, "must be \"sqrt_dk\", \"none\" or a positive number");
    }
  }
  if (auto m = j.find("mask"); m != j.end()) {
    if (m->is_string() && *m == "none") {
      lesson.mask = MaskKind::none;
    } else if (m->is_string() && *m == "causal") {
      lesson.mask = MaskKind::causal;
    } else if (m->is_object() && m->contains("padding")) {
      const json& p = (*m)["padding"];
      lesson.mask = MaskKind::padding;
      if (!p.is_array() || p.size() > limits::max_tokens) {
        r.fail("mask.padding", codes::padding_not_a_list, {}, "must be a list of true/false, one per token");
        return;
      }
      for (std::size_t i = 0; i < p.size(); ++i) {
        if (!p[i].is_boolean())
          return r.wrong_type(index("mask.padding", i), codes::not_a_boolean, p[i], "must be true or false, not ");
        lesson.padding.push_back(p[i].get<bool>());
      }
    } else if (m->is_array()) {
      lesson.mask = MaskKind::matrix;
      if (r.matrix(*m, "mask", lesson.mask_matrix))
        for (Eigen::Index a = 0; a < lesson.mask_matrix.rows(); ++a)
          for (Eigen::Index b = 0; b < lesson.mask_matrix.cols(); ++b)
            if (lesson.mask_matrix(a, b) != 0 && lesson.mask_matrix(a, b) != 1)
              return r.fail("mask[" + std::to_string(a) + "][" + std::to_string(b) + "]", codes::mask_not_binary, {},
                            "must be 0 (hidden) or 1 (visible)");
    } else {
      r.fail("mask", codes::mask_invalid, {},
             "must be \"none\", \"causal\", {\"padding\": [true/false per token]} or an n \u00d7 n matrix of 0/1");
    }
  }
}

// "weights": attention weights given literally, a list of rows, each a list of numbers or null (that row is the
// softmax's). Shapes and sums are checked with the rest of the lesson (validate_given_weights).
void read_given_weights(const json& j, Reader& r, Lesson& lesson) {
  auto w = j.find("weights");
  if (w == j.end()) return;
  if (!w->is_array() || w->empty() || w->size() > limits::max_tokens)
    return r.fail("weights", codes::weights_not_rows, {number_param("max", limits::max_tokens)},
                  "must be a list of rows, one per token: each a list of weights, or null (computed)");
  std::size_t cols = 0;
  for (const json& row : *w)
    if (row.is_array()) {
      cols = row.size();
      break;
    }
  if (cols == 0 || cols > limits::max_tokens)
    return r.fail("weights", codes::weights_no_row, {},
                  "gives no row: at least one row must be a non-empty list of weights");
  GivenWeights g;
  g.values = Matrix::Zero(static_cast<Eigen::Index>(w->size()), static_cast<Eigen::Index>(cols));
  for (std::size_t i = 0; i < w->size(); ++i) {
    const json& row = (*w)[i];
    g.given.push_back(!row.is_null());
    if (row.is_null()) continue;
    if (!row.is_array())
      return r.wrong_type(index("weights", i), codes::weights_row_type, row, "must be a list of weights or null, not ");
    if (row.size() != cols)
      return r.fail(index("weights", i), codes::weights_row_length,
                    {number_param("length", row.size()), number_param("expected", cols)},
                    "has " + std::to_string(row.size()) + " weights but another row has " + std::to_string(cols) +
                        ": every row needs one per key");
    for (std::size_t c = 0; c < cols; ++c)
      if (!r.number(row[c], index(index("weights", i), c),
                    g.values(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(c))))
        return;
  }
  lesson.given_weights = std::move(g);
}

// "positions": "none" | "sinusoidal" | an n × d_model matrix (read with the other matrices, as "P").
void read_positions(const json& j, Reader& r, Lesson& lesson) {
  auto p = j.find("positions");
  if (p == j.end()) return;
  if (p->is_string() && *p == "none") lesson.positions = PositionKind::none;
  else if (p->is_string() && *p == "sinusoidal") lesson.positions = PositionKind::sinusoidal;
  else if (p->is_array()) lesson.positions = PositionKind::learned;
  else
    r.fail("positions", codes::positions_invalid, {},
           "must be \"none\", \"sinusoidal\" or an n \u00d7 d_model matrix of learned positions");
}

// "source": {"tokens": […] or "sentence": "…", "X"?: m × d_model, "padding"?: [true/false per source token]}
void read_source(const json& j, Reader& r, Lesson& lesson) {
  auto s = j.find("source");
  if (s == j.end()) return;
  if (!s->is_object()) return r.wrong_type("source", codes::not_an_object, *s, "must be an object, not ");
  Source source;
  for (auto it = s->begin(); it != s->end(); ++it)
    if (it.key() != "tokens" && it.key() != "sentence" && it.key() != "X" && it.key() != "padding")
      r.fail("source." + it.key(), codes::unknown_source_field, {},
             "is not a source field: a source has tokens (or a sentence), X and padding");
  if (s->contains("tokens") && s->contains("sentence"))
    return r.fail("source.sentence", codes::tokens_and_sentence, {}, "give either tokens or a sentence, not both");
  if (auto t = s->find("tokens"); t != s->end()) {
    if (!r.string_list(*t, "source.tokens", limits::max_tokens, source.tokens)) return;
  } else if (auto text = s->find("sentence"); text != s->end()) {
    if (!text->is_string())
      return r.wrong_type("source.sentence", codes::not_a_string, *text, "must be a string, not ");
    if (text->get_ref<const std::string&>().size() > limits::max_sentence_chars)
      return r.fail("source.sentence", codes::too_long, {number_param("max", limits::max_sentence_chars)},
                    "is longer than " + std::to_string(limits::max_sentence_chars) + " characters");
    source.tokens = tokenize(text->get<std::string>());
    if (source.tokens.size() > limits::max_tokens)
      return r.fail("source.sentence", codes::too_many_tokens,
                    {number_param("count", source.tokens.size()), number_param("max", limits::max_tokens)},
                    "has " + std::to_string(source.tokens.size()) + " tokens; at most " +
                        std::to_string(limits::max_tokens) + " are allowed");
  } else if (auto x = s->find("X"); x != s->end() && x->is_array()) {
    for (std::size_t i = 0; i < x->size() && i < limits::max_tokens; ++i)
      source.tokens.push_back("s" + std::to_string(i + 1));
  }
  if (source.tokens.empty())
    return r.fail("source.tokens", codes::source_tokens_missing, {},
                  "are missing: give the source's tokens, a sentence, or X");
  if (auto p = s->find("padding"); p != s->end()) {
    if (!p->is_array())
      return r.fail("source.padding", codes::source_padding_not_a_list, {},
                    "must be a list of true/false, one per source token");
    for (std::size_t i = 0; i < p->size() && i <= limits::max_tokens; ++i) {
      if (!(*p)[i].is_boolean())
        return r.wrong_type(index("source.padding", i), codes::not_a_boolean, (*p)[i], "must be true or false, not ");
      source.padding.push_back((*p)[i].get<bool>());
    }
  }
  lesson.source = std::move(source);
}

// "layer": {"norm", "eps", "activation", "ln1"…"ln3": {"gamma", "beta"}, "W_ff1", "b_ff1", "W_ff2", "b_ff2"}
void read_layer(const json& j, Reader& r, Lesson& lesson) {
  auto l = j.find("layer");
  if (l == j.end()) return;
  if (!l->is_object()) return r.wrong_type("layer", codes::not_an_object, *l, "must be an object, not ");
  LayerOptions layer;
  if (auto n = l->find("norm"); n != l->end()) {
    if (n->is_string() && *n == "post") layer.norm = NormKind::post;
    else if (n->is_string() && *n == "pre") layer.norm = NormKind::pre;
    else
      r.fail("layer.norm", codes::norm_invalid, {},
             "must be \"post\" (x = LN(x + sublayer(x))) or \"pre\" (x = x + sublayer(LN(x)))");
  }
  if (auto a = l->find("activation"); a != l->end()) {
    if (a->is_string() && *a == "relu") layer.activation = Activation::relu;
    else if (a->is_string() && *a == "gelu") layer.activation = Activation::gelu;
    else r.fail("layer.activation", codes::one_of, {{"allowed", "\"relu\", \"gelu\""}}, "must be \"relu\" or \"gelu\"");
  }
  if (auto e = l->find("eps"); e != l->end() && r.number(*e, "layer.eps", layer.eps))
    if (!(layer.eps > 0 && layer.eps <= 1))
      r.fail("layer.eps", codes::eps_invalid, {}, "must be a positive number, at most 1 (PyTorch's default is 1e-5)");
  static const std::vector<std::string> fields{"norm", "eps",   "activation", "ln1",   "ln2",
                                               "ln3",  "W_ff1", "b_ff1",      "W_ff2", "b_ff2"};
  for (auto it = l->begin(); it != l->end(); ++it) {
    if (std::find(fields.begin(), fields.end(), it.key()) == fields.end()) {
      r.fail("layer." + it.key(), codes::unknown_layer_field, {},
             "is not a layer field: norm, eps, activation, ln1, ln2, ln3, W_ff1, b_ff1, W_ff2, b_ff2");
    } else if (it.key().rfind("ln", 0) == 0) {
      if (!it->is_object())
        r.fail("layer." + it.key(), codes::layer_norm_invalid, {},
               "must be {\"gamma\": [d_model numbers], \"beta\": [d_model numbers]}");
      else
        for (auto g = it->begin(); g != it->end(); ++g)
          if (g.key() != "gamma" && g.key() != "beta")
            r.fail("layer." + it.key() + "." + g.key(), codes::unknown_layer_norm_field, {},
                   "is not a layer-norm field: gamma and beta");
    }
  }
  lesson.layer = layer;
}

// "cross": the decoder's cross-attention weights, {"W_Q", "W_K", "W_V", "W_O", "b_Q", "b_K", "b_V", "b_O"}.
void read_cross(const json& j, Reader& r) {
  auto c = j.find("cross");
  if (c == j.end()) return;
  if (!c->is_object()) return r.wrong_type("cross", codes::not_an_object, *c, "must be an object, not ");
  static const std::vector<std::string> fields{"W_Q", "W_K", "W_V", "W_O", "b_Q", "b_K", "b_V", "b_O"};
  for (auto it = c->begin(); it != c->end(); ++it)
    if (std::find(fields.begin(), fields.end(), it.key()) == fields.end())
      r.fail("cross." + it.key(), codes::unknown_cross_field, {},
             "is not a cross-attention field: W_Q, W_K, W_V, W_O, b_Q, b_K, b_V, b_O");
}

// Where a matrix of matrix_names() sits in the lesson's JSON, or nullptr.
const json* find_matrix(const json& j, const std::string& name) {
  if (name == "P") {
    auto p = j.find("positions");
    return p != j.end() && p->is_array() ? &*p : nullptr;
  }
  const json* at = &j;
  std::size_t from = 0;
  while (true) {
    if (!at->is_object()) return nullptr;
    const std::size_t dot = name.find('.', from);
    auto it = at->find(name.substr(from, dot == std::string::npos ? std::string::npos : dot - from));
    if (it == at->end()) return nullptr;
    at = &*it;
    if (dot == std::string::npos) return at;
    from = dot + 1;
  }
}

// Where a matrix's problems are reported: its place in the JSON.
std::string field_of(const std::string& name) { return name == "P" ? "positions" : name; }

void read_init_uncached(const json& init, Reader& r, std::map<std::string, Matrix>& drawn);

// The init block's draws, taken from `draws` when it holds this very block, and kept there when read cleanly.
void read_init(const json& init, Reader& r, std::map<std::string, Matrix>& drawn, SeededDraws* draws) {
  if (!draws) return read_init_uncached(init, r, drawn);
  const std::string key = init.dump();
  if (const auto* kept = draws->find(key)) {
    drawn = *kept;
    return;
  }
  const std::size_t before = r.count();
  read_init_uncached(init, r, drawn);
  if (r.count() == before) draws->keep(key, drawn);
}

// np.random.seed(seed); then each draw in order, exactly as NumPy's legacy generator.
void read_init_uncached(const json& init, Reader& r, std::map<std::string, Matrix>& drawn) {
  if (!init.is_object()) return r.wrong_type("init", codes::not_an_object, init, "must be an object, not ");
  if (auto g = init.find("rng"); g != init.end() && !(g->is_string() && *g == "numpy"))
    return r.fail("init.rng", codes::rng_invalid, {}, "must be \"numpy\" (NumPy's legacy generator)");
  double seed = 0;
  auto s = init.find("seed");
  if (s == init.end()) return r.fail("init.seed", codes::seed_missing, {}, "is missing");
  if (!r.number(*s, "init.seed", seed)) return;
  if (seed != std::floor(seed) || seed < 0 || seed > limits::max_seed)
    return r.fail(
        "init.seed", codes::seed_range, {number_param("max", limits::max_seed)},
        "must be a whole number from 0 to " + std::to_string(limits::max_seed) + " (as np.random.seed requires)");
  auto d = init.find("draws");
  if (d == init.end() || !d->is_array())
    return r.fail("init.draws", codes::draws_invalid, {}, "must be a list of {name, shape}");
  if (d->size() > limits::max_draws)
    return r.fail("init.draws", codes::too_many_draws, {number_param("max", limits::max_draws)},
                  "has more than " + std::to_string(limits::max_draws) + " draws");
  NumpyRandom rng(static_cast<std::uint32_t>(seed));
  for (std::size_t i = 0; i < d->size(); ++i) {
    const json& draw = (*d)[i];
    const std::string f = index("init.draws", i);
    if (!draw.is_object()) return r.wrong_type(f, codes::not_an_object, draw, "must be an object, not ");
    auto name = draw.find("name");
    const auto& names = matrix_names();
    if (name == draw.end() || !name->is_string() ||
        std::find(names.begin(), names.end(), name->get<std::string>()) == names.end()) {
      std::string all;
      for (const auto& n : matrix_names()) all += (all.empty() ? "" : ", ") + n;
      return r.fail(f + ".name", codes::draw_name_invalid, {{"names", all}},
                    "must name a matrix of the lesson: " + all);
    }
    // "append": this draw continues a matrix drawn before it, below ("rows": new vocabulary words) or to its
    // right ("columns": a new head), so growing a lesson leaves every number drawn before where it was.
    enum class Append { none, rows, columns } append = Append::none;
    if (auto a = draw.find("append"); a != draw.end()) {
      if (a->is_string() && *a == "rows") append = Append::rows;
      else if (a->is_string() && *a == "columns") append = Append::columns;
      else
        return r.fail(f + ".append", codes::one_of, {{"allowed", "\"rows\", \"columns\""}},
                      "must be \"rows\" or \"columns\"");
      if (!drawn.count(*name))
        return r.fail(
            f + ".append", codes::append_without_draw, {{"matrix", name->get<std::string>()}},
            "continues " + name->get<std::string>() + ", but no draw before it makes " + name->get<std::string>());
    } else if (drawn.count(*name)) {
      return r.fail(f + ".name", codes::drawn_twice, {{"matrix", name->get<std::string>()}},
                    "draws " + name->get<std::string>() + " a second time (\"append\" continues it)");
    }
    auto shape = draw.find("shape");
    double rows = 1, cols = 0;
    if (shape == draw.end() || !shape->is_array() || shape->empty() || shape->size() > 2)
      return r.fail(f + ".shape", codes::draw_shape_invalid, {}, "must be [rows, columns]");
    const bool one = shape->size() == 1;
    if (!r.number((*shape)[0], f + ".shape[0]", one ? cols : rows)) return;
    if (!one && !r.number((*shape)[1], f + ".shape[1]", cols)) return;
    if (rows != std::floor(rows) || cols != std::floor(cols) || rows < 1 || cols < 1 ||
        rows > static_cast<double>(limits::max_entries) || cols > static_cast<double>(limits::max_entries) ||
        rows * cols > static_cast<double>(limits::max_entries))
      return r.fail(
          f + ".shape", codes::draw_shape_range, {number_param("max", limits::max_entries)},
          "must be whole numbers \u2265 1 with at most " + std::to_string(limits::max_entries) + " entries in all");
    double scale = 1;
    if (auto sc = draw.find("scale"); sc != draw.end() && !r.number(*sc, f + ".scale", scale)) return;
    bool uniform = false;
    if (auto dist = draw.find("dist"); dist != draw.end()) {
      if (dist->is_string() && *dist == "rand") uniform = true;
      else if (!(dist->is_string() && *dist == "randn"))
        return r.fail(f + ".dist", codes::one_of, {{"allowed", "\"randn\", \"rand\""}},
                      "must be \"randn\" or \"rand\"");
    }
    Matrix m = rng.matrix(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols), scale, uniform);
    if (append == Append::none) {
      drawn[*name] = std::move(m);
      continue;
    }
    Matrix& before = drawn[*name];
    const bool below = append == Append::rows;
    if (below ? m.cols() != before.cols() : m.rows() != before.rows())
      return r.fail(f + ".shape", below ? codes::append_columns_mismatch : codes::append_rows_mismatch,
                    {number_param(below ? "columns" : "rows", below ? before.cols() : before.rows()),
                     {"matrix", name->get<std::string>()}},
                    below ? "must have the " + std::to_string(before.cols()) + " columns of the " +
                                name->get<std::string>() + " it continues"
                          : "must have the " + std::to_string(before.rows()) + " rows of the " +
                                name->get<std::string>() + " it continues");
    if (static_cast<double>(before.size() + m.size()) > static_cast<double>(limits::max_entries))
      return r.fail(
          f + ".shape", codes::drawn_too_large,
          {{"matrix", name->get<std::string>()}, number_param("max", limits::max_entries)},
          "makes " + name->get<std::string>() + " larger than " + std::to_string(limits::max_entries) + " entries");
    Matrix joined(below ? before.rows() + m.rows() : before.rows(), below ? before.cols() : before.cols() + m.cols());
    joined << before, m;  // (Eigen's comma initializer places m below or to the right, as the shapes say)
    before = std::move(joined);
  }
}

}  // namespace

Problems read_lesson(std::string_view text, Lesson& lesson) { return read_lesson(text, {}, lesson); }

Problems read_lesson(std::string_view text, std::map<std::string, Matrix> overrides, Lesson& lesson,
                     SeededDraws* draws) {
  Problems problems;
  Reader r(problems);
  lesson = Lesson{};
  if (text.size() > limits::max_json_bytes) {
    r.fail("lesson", codes::input_too_large, {number_param("mib", 32)}, "is larger than 32 MiB");
    return problems;
  }
  if (const std::string why = text_problem(text); !why.empty()) {
    r.fail("lesson", codes::not_utf8, {number_param("byte", *first_invalid_utf8(text))}, why);
    return problems;
  }
  // half of a UTF-16 pair ("\ud800") reads as U+FFFD, as in links and the browser (core/text.hpp)
  const std::optional<std::string> replaced = lone_surrogates_replaced(text);
  if (replaced) text = *replaced;
  json j;
  MessageKeepingSax sax(j);
  if (!json::sax_parse(text.begin(), text.end(), &sax) || !sax.error.empty()) {
    r.fail("lesson", codes::invalid_json, {{"detail", sax.error}}, "is not valid JSON: " + sax.error);
    return problems;
  }
  if (!j.is_object()) {
    r.wrong_type("lesson", codes::not_an_object, j, "must be a JSON object, not ");
    return problems;
  }
  check_field_names(j, r);
  read_free_text(j, r);
  read_tokens(j, r, lesson);
  read_options(j, r, lesson);
  std::map<std::string, Matrix> drawn;
  if (auto init = j.find("init"); init != j.end()) read_init(*init, r, drawn, draws);
  read_positions(j, r, lesson);
  read_source(j, r, lesson);
  read_layer(j, r, lesson);
  read_cross(j, r);
  read_given_weights(j, r, lesson);
  for (const auto& name : matrix_names()) {
    if (auto it = overrides.find(name); it != overrides.end()) {
      if (r.checked(it->second, field_of(name))) lesson.matrices[name] = std::move(it->second);
    } else if (const json* m = find_matrix(j, name)) {
      Matrix value;
      if (r.matrix(*m, field_of(name), value)) lesson.matrices[name] = std::move(value);
    } else if (auto d = drawn.find(name); d != drawn.end()) {
      lesson.matrices[name] = std::move(d->second);
    }
  }
  if (lesson.find("P") && lesson.positions == PositionKind::none && !j.contains("positions"))
    lesson.positions = PositionKind::learned;  // a drawn P
  if (lesson.positions == PositionKind::sinusoidal && drawn.count("P"))
    r.fail("positions", codes::sinusoidal_and_drawn, {}, "is \"sinusoidal\" but init also draws P: choose one");
  // Without tokens, a lesson of plain matrices still runs: name the rows t1, t2, …
  if (!j.contains("tokens") && !j.contains("sentence"))
    if (const Matrix* x = lesson.find("X"))
      for (Eigen::Index i = 0; i < x->rows() && i < static_cast<Eigen::Index>(limits::max_tokens); ++i)
        lesson.tokens.push_back("t" + std::to_string(i + 1));
  // An embedding table without a vocabulary: the default one, the sorted distinct tokens.
  // (A source looked up in E shares the vocabulary: the default one then holds both sequences' tokens.)
  const bool source_in_E = lesson.source && !lesson.find("source.X");
  if (lesson.find("E") && (!lesson.find("X") || source_in_E) && (!lesson.vocab || !j.contains("vocab"))) {
    std::vector<std::string> all = lesson.tokens;
    if (lesson.source) all.insert(all.end(), lesson.source->tokens.begin(), lesson.source->tokens.end());
    lesson.vocab = sorted_vocabulary(all);
  }
  if (!problems.empty()) return problems;
  return validate(lesson);
}

}  // namespace attnlab
