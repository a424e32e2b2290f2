#include "exercises_concepts.hpp"

#include <algorithm>
#include <cmath>

#include "attention.hpp"
#include "bahdanau.hpp"
#include "exercise_text.hpp"
#include "portable_math.hpp"

namespace attnlab {
namespace {

using namespace sheet;  // (core/exercise_text.hpp: rows, answers, messages)

std::string num(double v) { return exercise_number(v); }
std::string in_quotes(const std::string& token) { return "\"" + isolated(token) + "\""; }

// One option of a choice: its English text and its message key; a wrong one's hint and the hint's key.
struct Option {
  std::string text, hint, key, hint_key;
};

// A choice among `texts` (the right one first), shuffled by the student's seed (Fisher–Yates on pick): the answer is
// where the first text landed; each wrong text becomes a mistake with its hint. The keys follow the choices' order
// (choice_keys beside the answer, as why_scale's).
void choice(std::vector<Option> texts, const std::function<int(int)>& pick, json& e) {
  std::vector<std::size_t> order(texts.size());
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  for (std::size_t k = order.size() - 1; k > 0; --k)
    std::swap(order[k], order[static_cast<std::size_t>(pick(static_cast<int>(k) + 1))]);
  json choices = json::array(), keys = json::array();
  for (std::size_t at : order) {
    choices.push_back(texts[at].text);
    keys.push_back(texts[at].key);
  }
  const auto where = [&](std::size_t text) {
    return static_cast<int>(std::find(order.begin(), order.end(), text) - order.begin());
  };
  e["answer"] = {{"type", "choice"}, {"index", where(0)}, {"choices", choices}};
  e["choice_keys"] = keys;
  for (std::size_t k = 1; k < texts.size(); ++k)
    e["mistakes"].push_back({{"answer", {{"type", "choice"}, {"index", where(k)}, {"choices", choices}}},
                             {"hint", texts[k].hint},
                             {"hint_key", texts[k].hint_key}});
}

// The "bank" lesson: the same word in two sentences gets the same embedding row (a lookup by its id in E) but a
// different output row, because its query meets other keys and values. E is drawn from the student's stream for the
// words of both sentences; W_Q, W_K, W_V are the lesson's (one head spanning all their columns).
void static_contextual(const ExerciseSpec& spec, const Trace& trace, const std::function<int(int)>& pick,
                       NumpyRandom& rng, json& e) {
  const auto& sentences = spec.sentences ? *spec.sentences : lecture_bank_sentences();
  const std::string word = spec.word.value_or("bank");
  std::vector<std::string> vocab;
  for (const auto& s : sentences)
    for (const auto& w : s)
      if (std::find(vocab.begin(), vocab.end(), w) == vocab.end()) vocab.push_back(w);
  const Matrix E = rng.matrix(static_cast<Eigen::Index>(vocab.size()), trace.d_model);
  json rows = json::array(), outputs = json::array(), tops = json::array(), positions = json::array();
  std::vector<std::string> solution;
  json solution_keys = json::array();
  for (std::size_t k = 0; k < 2; ++k) {
    Lesson l;
    l.tokens = sentences[k];
    l.vocab = vocab;
    l.matrices["E"] = E;
    for (const char* name : {"W_Q", "W_K", "W_V"}) l.matrices[name] = trace.inputs.at(name);
    const Trace t = compute_trace(l);
    const auto at = static_cast<Eigen::Index>(std::find(l.tokens.begin(), l.tokens.end(), word) - l.tokens.begin());
    Eigen::Index top;
    t.head[0].weights.row(at).maxCoeff(&top);
    rows.push_back(row_of(t.X, at));
    outputs.push_back(row_of(t.head[0].Z, at));
    positions.push_back(at);
    tops.push_back(l.tokens[static_cast<std::size_t>(top)]);
    solution.push_back("Sentence " + std::to_string(k + 1) + ": x = row " +
                       std::to_string(std::find(vocab.begin(), vocab.end(), word) - vocab.begin()) + " of E = (" +
                       row_text(t.X, at) + "); " + in_quotes(word) + " attends most to " +
                       in_quotes(l.tokens[static_cast<std::size_t>(top)]) + " (weight " +
                       num(t.head[0].weights(at, top)) + "), so z = (" + row_text(t.head[0].Z, at) + ").");
    solution_keys.push_back(
        say("staticContextual.sentence", {{"n", k + 1},
                                          {"row", std::find(vocab.begin(), vocab.end(), word) - vocab.begin()},
                                          {"x", row_of(t.X, at)},
                                          {"word", word},
                                          {"top", l.tokens[static_cast<std::size_t>(top)]},
                                          {"weight", t.head[0].weights(at, top)},
                                          {"z", row_of(t.head[0].Z, at)}}));
  }
  std::string one, two;
  for (const auto& w : sentences[0]) one += (one.empty() ? "" : " ") + w;
  for (const auto& w : sentences[1]) two += (two.empty() ? "" : " ") + w;
  prompt(e,
         in_quotes(word) + " appears in \"" + isolated(one) + "\" and in \"" + isolated(two) +
             "\", with the same W_Q, W_K and W_V. Which of these is the same for " + in_quotes(word) +
             " in both sentences?",
         "staticContextual.prompt", {{"word", word}, {"one", one}, {"two", two}});
  e["given"] = {{"word", word}, {"sentences", sentences}, {"positions", positions},
                {"x", rows},    {"z", outputs},           {"attends_most", tops}};
  choice({{"Its embedding row x: a lookup of the word's id in E, the same row in any sentence (a static embedding)", "",
           "staticContextual.choiceEmbedding", ""},
          {"Its output row z: attention gives a word the same output wherever it appears",
           "z is a weighted blend of the values around the word: other neighbours, another blend (compare the two z "
           "rows).",
           "staticContextual.choiceOutput", "staticContextual.hintOutput"},
          {"Its attention weights: the word attends to the same keys in both sentences",
           "The keys are the other words of each sentence: a different sentence offers different keys to attend to.",
           "staticContextual.choiceWeights", "staticContextual.hintWeights"},
          {"Nothing: the embedding already tells which sense of the word is meant",
           "The embedding is looked up by the word's id alone: both sentences get exactly the same row x.",
           "staticContextual.choiceNothing", "staticContextual.hintNothing"}},
         pick, e);
  solution.push_back(
      "Same W_Q, W_K, W_V and the same x, but different keys and values around it: x is static, z is "
      "contextual.");
  solution_keys.push_back(say("staticContextual.staticVsContextual"));
  e["solution"] = solution;
  e["solution_keys"] = solution_keys;
}

// One additive (Bahdanau) alignment score by hand: e_j = v_a · tanh(s·W_1 + h_j·W_2), with small numbers of one
// decimal drawn from the student's stream (d = 2, d_a = 2, three encoder states), scored by the engine's align().
void bahdanau_alignment(const std::function<int(int)>& pick, NumpyRandom& rng, json& e) {
  const auto tenth = [&](Eigen::Index r, Eigen::Index c) {
    Matrix m(r, c);
    for (Eigen::Index a = 0; a < r; ++a)
      for (Eigen::Index b = 0; b < c; ++b) m(a, b) = std::round(rng.randn() * 10) / 10;
    return m;
  };
  const Matrix s = tenth(1, 2), H = tenth(3, 2);
  AlignmentParameters p;
  p.W_1 = tenth(2, 2);
  p.W_2 = tenth(2, 2);
  p.v_a = tenth(1, 2);
  const int j = pick(3);
  const Alignment a = align(ScoreKind::additive, H, s.row(0).transpose(), p);
  const Matrix sW = s * p.W_1, hW = H.row(j) * p.W_2;
  double linear = 0, dot = 0;
  std::string tanhs;
  for (Eigen::Index t = 0; t < 2; ++t) {
    linear += p.v_a(0, t) * (sW(0, t) + hW(0, t));
    dot += s(0, t) * H(j, t);
    tanhs += (t ? ", " : "") + ("tanh(" + num(sW(0, t) + hW(0, t)) + ") = " + num(portable_tanh(sW(0, t) + hW(0, t))));
  }
  const std::string hj = "h_" + std::to_string(j + 1);
  prompt(e,
         "Bahdanau's alignment: the decoder state s is compared with the encoder state " + hj +
             " by e = v_a \u00b7 tanh(s\u00b7W_1 + " + hj + "\u00b7W_2). Compute e.",
         "bahdanauAlignment.prompt", {{"j", j + 1}});
  json W1 = json::array(), W2 = json::array(), states = json::array();
  for (Eigen::Index r = 0; r < 2; ++r) {
    W1.push_back(row_of(p.W_1, r));
    W2.push_back(row_of(p.W_2, r));
  }
  for (Eigen::Index r = 0; r < 3; ++r) states.push_back(row_of(H, r));
  e["given"] = {{"s", row_of(s, 0)}, {"h", states}, {"state", j}, {"W_1", W1}, {"W_2", W2}, {"v_a", row_of(p.v_a, 0)}};
  e["answer"] = number(a.scores(j));
  e["mistakes"].push_back(mistake(number(linear),
                                  "You left out tanh: squash each entry of s\u00b7W_1 + h\u00b7W_2 with tanh "
                                  "before weighting it by v_a.",
                                  "bahdanauAlignment.hintNoTanh"));
  e["mistakes"].push_back(mistake(number(dot),
                                  "That is the dot-product score s\u00b7h (Luong's): Bahdanau's additive score "
                                  "goes through W_1, W_2, tanh and v_a.",
                                  "bahdanauAlignment.hintDot"));
  std::string weights;
  for (Eigen::Index k = 0; k < a.weights.size(); ++k) weights += (k ? ", " : "") + num(a.weights(k));
  e["solution"] = {"s\u00b7W_1 = (" + row_text(sW, 0) + "), " + hj + "\u00b7W_2 = (" + row_text(hW, 0) + ")",
                   "add them and squash: " + tanhs,
                   "e = v_a \u00b7 that = " + num(p.v_a(0, 0)) + "\u00b7" + num(portable_tanh(sW(0, 0) + hW(0, 0))) +
                       " + " + num(p.v_a(0, 1)) + "\u00b7" + num(portable_tanh(sW(0, 1) + hW(0, 1))) + " = " +
                       num(a.scores(j)),
                   "A softmax over the three scores gives the alignment weights (" + weights +
                       "); the context vector is their blend of h_1, h_2, h_3."};
  const auto pre = [&](Eigen::Index t) { return sW(0, t) + hW(0, t); };
  std::vector<double> all_weights(a.weights.data(), a.weights.data() + a.weights.size());
  e["solution_keys"] = {
      formula,
      say("bahdanauAlignment.squash",
          {{"a1", pre(0)}, {"t1", portable_tanh(pre(0))}, {"a2", pre(1)}, {"t2", portable_tanh(pre(1))}}),
      say("bahdanauAlignment.weighVa", {{"v1", p.v_a(0, 0)},
                                        {"t1", portable_tanh(pre(0))},
                                        {"v2", p.v_a(0, 1)},
                                        {"t2", portable_tanh(pre(1))},
                                        {"e", a.scores(j)}}),
      say("bahdanauAlignment.softmax", {{"weights", all_weights}})};
}

// What a mask is for: the lesson's row of a query with a causal mask (a decoder), or with its last tokens as padding,
// chosen by the seed unless the exercise names the mask; the hidden keys get exactly 0, the rest share the weight.
void mask_purpose(const ExerciseSpec& spec, bool named, const Lesson& lesson, const Trace& trace,
                  const std::function<int(int)>& pick, json& e) {
  const int n = static_cast<int>(trace.tokens.size());
  const bool causal = named ? spec.mask == MaskKind::causal : pick(2) == 0;
  Lesson masked = lesson;
  std::vector<std::string> tokens = trace.tokens;
  int q;
  if (causal) {
    masked.mask = MaskKind::causal;
    q = std::min(n - 2, pick(std::max(1, n - 1)));  // a query with a key after it
  } else {
    masked.mask = MaskKind::padding;
    masked.padding = spec.padding;
    if (masked.padding.size() != static_cast<std::size_t>(n)) {  // the last token (or two) padding
      masked.padding.assign(static_cast<std::size_t>(n), false);
      for (int k = std::max(1, n - 1 - pick(2)); k < n; ++k) masked.padding[static_cast<std::size_t>(k)] = true;
    }
    for (int k = 0; k < n; ++k)
      if (masked.padding[static_cast<std::size_t>(k)]) tokens[static_cast<std::size_t>(k)] = "<PAD>";
    q = 0;
  }
  const Trace t = compute_trace(masked);
  const HeadTrace& h = t.head[static_cast<std::size_t>(spec.head)];
  json hidden = json::array();
  std::string hidden_names;
  json hidden_tokens = json::array();
  for (int k = 0; k < n; ++k)
    if (!t.visible(q, k)) {
      hidden.push_back(k);
      hidden_tokens.push_back(tokens[static_cast<std::size_t>(k)]);
      hidden_names += (hidden_names.empty() ? "" : ", ") + in_quotes(tokens[static_cast<std::size_t>(k)]);
    }
  const std::string& query = tokens[static_cast<std::size_t>(q)];
  prompt(e,
         "The mask hides " + hidden_names + " from the query " + in_quotes(query) +
             ": their scaled scores become \u2212\u221e before softmax, so their weights are exactly 0. What is this "
             "mask for?",
         "maskPurpose.prompt", {{"hidden", hidden_tokens}, {"query", query}});
  e["given"] = {{"mask", causal ? "causal" : "padding"},
                {"tokens", tokens},
                {"query", q},
                {"hidden", hidden},
                {"scaled", row_of(h.scaled, q)},
                {"weights", row_of(h.weights, q)}};
  const Option future{
      "A position may not look at tokens after it: when the model generates text they do not exist yet, and seeing "
      "them in training would be cheating",
      "Nothing here is in the future of the query: the hidden keys are <PAD>, positions that hold no word.",
      "maskPurpose.choiceFuture", "maskPurpose.hintNotFuture"};
  const Option padding{
      "Padding holds no word: <PAD> positions must not take attention weight from the real tokens",
      "None of the hidden keys is <PAD>: they are the tokens after the query, which a decoder must not see yet.",
      "maskPurpose.choicePadding", "maskPurpose.hintNotPadding"};
  const Option cheaper{
      "It makes softmax cheaper: the hidden keys are skipped",
      "The hidden scores are computed and then set to \u2212\u221e: a mask changes who may be seen, not the cost.",
      "maskPurpose.choiceCheaper", "maskPurpose.hintCheaper"};
  const Option values{"It deletes the hidden tokens' rows from V",
                      "The mask does not change V: it changes which weights can be nonzero (V keeps every row).",
                      "maskPurpose.choiceValues", "maskPurpose.hintValues"};
  if (causal) choice({future, padding, cheaper, values}, pick, e);
  else choice({padding, future, cheaper, values}, pick, e);
  std::string visible_weights;
  std::vector<double> visible;
  for (int k = 0; k < n; ++k)
    if (t.visible(q, k)) {
      visible_weights += (visible_weights.empty() ? "" : ", ") + num(h.weights(q, k));
      visible.push_back(h.weights(q, k));
    }
  e["solution"] = {
      causal ? "A causal mask: query " + in_quotes(tokens[static_cast<std::size_t>(q)]) + " (position " +
                   std::to_string(q + 1) + ") sees itself and the tokens before it; " + hidden_names + " come after it."
             : "A padding mask: " + hidden_names + " are <PAD>, filler that makes sentences the same length.",
      "exp(\u2212\u221e) = 0: the hidden keys get weight 0, and the visible ones share all of it: " + visible_weights +
          " (they add up to 1).",
      causal ? "So a decoder trained on whole sentences at once still predicts each token from the ones before it."
             : "So a padded sentence attends exactly as the same sentence without padding."};
  e["solution_keys"] = {
      causal ? say("maskPurpose.causalStep", {{"query", query}, {"position", q + 1}, {"hidden", hidden_tokens}})
             : say("maskPurpose.paddingStep", {{"hidden", hidden_tokens}}),
      say("maskPurpose.visibleShare", {{"weights", visible}}),
      say(causal ? "maskPurpose.causalSo" : "maskPurpose.paddingSo")};
}

}  // namespace

void concept_exercise(const ExerciseSpec& spec, const Lesson& lesson, const Trace& trace,
                      const std::function<int(int)>& pick, NumpyRandom& rng, nlohmann::ordered_json& e) {
  switch (spec.kind) {
    case ExerciseKind::static_contextual: static_contextual(spec, trace, pick, rng, e); break;
    case ExerciseKind::bahdanau_alignment: bahdanau_alignment(pick, rng, e); break;
    default: mask_purpose(spec, spec.mask_named, lesson, trace, pick, e); break;
  }
}

}  // namespace attnlab
