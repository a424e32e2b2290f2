#include "validate.hpp"

#include <algorithm>
#include <set>

#include "limits.hpp"

namespace attnlab {
namespace {

std::string n_str(std::size_t v) { return std::to_string(v); }

class Checker {
 public:
  Checker(const Lesson& lesson, Problems& problems) : lesson_(lesson), problems_(problems) {}

  void fail(const std::string& field, const std::string& message) { problems_.push_back({field, message}); }

  // The named matrix must exist and have the given shape (-1 = any); `meaning` explains the expected shape.
  const Matrix* expect(const std::string& name, Eigen::Index rows, Eigen::Index cols, const std::string& meaning,
                       const std::string& why_needed = "") {
    const Matrix* m = lesson_.find(name);
    if (!m) {
      fail(name,
           "is missing" + (why_needed.empty() ? std::string() : " (" + why_needed + ")") + ": it should be " + meaning);
      return nullptr;
    }
    if ((rows >= 0 && m->rows() != rows) || (cols >= 0 && m->cols() != cols)) {
      const std::string want = (rows >= 0 ? std::to_string(rows) : std::string("any")) + " \u00d7 " +
                               (cols >= 0 ? std::to_string(cols) : std::string("any"));
      fail(name, "has shape " + shape_of(*m) + " but should be " + want + " (" + meaning + ")");
      return nullptr;
    }
    if (static_cast<std::size_t>(m->cols()) > limits::max_dim)
      fail(name, "has " + n_str(m->cols()) + " columns; at most " + n_str(limits::max_dim) + " are allowed");
    return m;
  }

 private:
  const Lesson& lesson_;
  Problems& problems_;
};

}  // namespace

Problems validate(const Lesson& lesson) {
  Problems problems;
  Checker c(lesson, problems);
  const auto n = static_cast<Eigen::Index>(lesson.tokens.size());
  if (n == 0) {
    c.fail("tokens", "are missing: give \"tokens\", a \"sentence\", or X");
    return problems;
  }
  if (static_cast<std::size_t>(n) > limits::max_tokens) {
    c.fail("tokens", "are " + n_str(n) + "; at most " + n_str(limits::max_tokens) + " are allowed");
    return problems;
  }

  // embed: X directly, or rows of the embedding table E looked up by token id.
  Eigen::Index d_model = -1;
  if (lesson.find("X")) {
    if (const Matrix* x = c.expect("X", n, -1, "n \u00d7 d_model, one row per token (n = " + n_str(n) + ")"))
      d_model = x->cols();
  } else if (lesson.find("E")) {
    if (!lesson.vocab) {
      c.fail("vocab", "is missing: E needs a vocabulary (or give a sentence) to look tokens up");
    } else {
      const auto& vocab = *lesson.vocab;
      if (std::set<std::string>(vocab.begin(), vocab.end()).size() != vocab.size())
        c.fail("vocab", "lists a word twice: every word needs one id");
      for (std::size_t i = 0; i < lesson.tokens.size(); ++i)
        if (std::find(vocab.begin(), vocab.end(), lesson.tokens[i]) == vocab.end())
          c.fail("tokens[" + n_str(i) + "]", "\"" + lesson.tokens[i] + "\" is not in the vocabulary");
      if (const Matrix* e =
              c.expect("E", static_cast<Eigen::Index>(vocab.size()), -1,
                       "|vocab| \u00d7 d_model, one row per word (|vocab| = " + n_str(vocab.size()) + ")"))
        d_model = e->cols();
    }
  } else {
    c.fail("X", "is missing: give X (n \u00d7 d_model) or an embedding table E");
  }
  if (d_model < 0) return problems;

  const int h = lesson.heads;
  if (static_cast<std::size_t>(n) * static_cast<std::size_t>(n) * static_cast<std::size_t>(h) >
      limits::max_attention_cells)
    c.fail("heads", "n \u00b7 n \u00b7 h = " + n_str(static_cast<std::size_t>(n) * n * h) +
                        " attention cells; at most " + n_str(limits::max_attention_cells) + " are allowed");

  // project: W_Q and W_K share a shape; every head takes an equal slice of columns.
  const std::string dm = "d_model = " + n_str(d_model);
  const Matrix* wq = c.expect("W_Q", d_model, -1, "d_model \u00d7 h\u00b7d_k, " + dm);
  const Matrix* wk = wq ? c.expect("W_K", d_model, wq->cols(), "the same shape as W_Q") : nullptr;
  const Matrix* wv = c.expect("W_V", d_model, -1, "d_model \u00d7 h\u00b7d_v, " + dm);
  if (!wq || !wk || !wv) return problems;
  if (wq->cols() % h != 0)
    c.fail("W_Q", "has " + n_str(wq->cols()) + " columns, which " + n_str(h) + " heads cannot share equally");
  if (wv->cols() % h != 0)
    c.fail("W_V", "has " + n_str(wv->cols()) + " columns, which " + n_str(h) + " heads cannot share equally");
  if (!problems.empty()) return problems;
  const Eigen::Index d_k = wq->cols() / h;
  if (lesson.find("W_O")) c.expect("W_O", wv->cols(), -1, "h\u00b7d_v \u00d7 d_out, h\u00b7d_v = " + n_str(wv->cols()));

  // score: each alignment function's own parameters.
  const std::string dk = "d_k = " + n_str(d_k);
  switch (lesson.score) {
    case ScoreKind::general: c.expect("W_a", d_k, d_k, "d_k \u00d7 d_k, " + dk, "score \"general\" needs it"); break;
    case ScoreKind::location:
      c.expect("W_a", d_k, n, "d_k \u00d7 n, " + dk + ", n = " + n_str(n), "score \"location\" needs it");
      break;
    case ScoreKind::additive:
      if (const Matrix* w1 = c.expect("W_1", d_k, -1, "d_k \u00d7 d_a, " + dk, "score \"additive\" needs it")) {
        const std::string da = "d_a = " + n_str(w1->cols());
        c.expect("W_2", d_k, w1->cols(), "d_k \u00d7 d_a, " + dk + ", " + da, "score \"additive\" needs it");
        c.expect("v_a", 1, w1->cols(), "a list of d_a numbers, " + da, "score \"additive\" needs it");
      }
      break;
    default: break;
  }

  // mask: one flag per token, or one 0/1 per query-key pair.
  if (lesson.mask == MaskKind::padding && static_cast<Eigen::Index>(lesson.padding.size()) != n)
    c.fail("mask.padding", "has " + n_str(lesson.padding.size()) + " flags but there are " + n_str(n) + " tokens");
  if (lesson.mask == MaskKind::matrix && (lesson.mask_matrix.rows() != n || lesson.mask_matrix.cols() != n))
    c.fail("mask",
           "has shape " + shape_of(lesson.mask_matrix) + " but should be " + shape_of(n, n) + " (queries \u00d7 keys)");
  return problems;
}

}  // namespace attnlab
