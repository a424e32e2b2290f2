#include "trace_size.hpp"

#include <string>

#include "limits.hpp"

namespace attnlab {
namespace {

// Per attention cell and head, what the rest of a trace costs in multiply-adds' time: the mask, the softmax and its
// steps, and the copies of six n × n matrices per head out to JavaScript. 256 tokens × 64 heads (4·10⁶ cells, a few
// thousand multiply-adds) is 2·10⁸ that way: the page computes it in its worker.
constexpr double per_attention_cell = 50;

double columns(const Lesson& lesson, const char* name) {
  const Matrix* m = lesson.find(name);
  return m ? static_cast<double>(m->cols()) : 0;
}

}  // namespace

std::size_t trace_numbers(const Lesson& lesson) {
  const std::size_t n = lesson.tokens.size(), h = static_cast<std::size_t>(lesson.heads);
  const Matrix& wq = *lesson.find("W_Q");
  const Matrix& wv = *lesson.find("W_V");
  const Matrix* wo = lesson.find("W_O");
  std::size_t total = 0;
  for (const auto& [name, m] : lesson.matrices) total += static_cast<std::size_t>(m.size());  // the inputs
  const std::size_t d_model = static_cast<std::size_t>(wq.rows());
  total += n * d_model;                                                // X
  total += n * static_cast<std::size_t>(2 * wq.cols() + wv.cols());    // Q, K, V of all heads
  total += h * n * n * 5 + h * n * 2;                                  // scores … weights, exp; max, sum
  total += n * static_cast<std::size_t>(wv.cols()) * 2;                // Z of all heads, concat
  total += n * static_cast<std::size_t>(wo ? wo->cols() : wv.cols());  // output
  // the Transformer's parts (core/trace.hpp): positions, the source, a decoder's cross-attention, the layer
  const std::size_t m = lesson.source ? lesson.source->tokens.size() : 0;
  if (lesson.positions != PositionKind::none) total += 2 * n * d_model;  // P, X + P
  total += m * d_model;                                                  // source.X
  if (lesson.decoder()) {
    const std::size_t cq = static_cast<std::size_t>(columns(lesson, "cross.W_Q")),
                      cv = static_cast<std::size_t>(columns(lesson, "cross.W_V"));
    total += n * cq + m * (cq + cv) + h * n * m * 5 + h * n * 2 + n * cv + n * d_model;  // Q, K, V … concat, output
  }
  if (lesson.layer) {
    const std::size_t d_ff = static_cast<std::size_t>(columns(lesson, "layer.W_ff1"));
    const std::size_t sublayers = lesson.decoder() ? 3 : 2;
    total += 3 * n * d_model;                        // input, attention, output
    total += sublayers * (n * d_model * 3 + 2 * n);  // each sum and norm (normalized, output, mean, var)
    total += 2 * n * d_ff + n * d_model;             // ffn_hidden, ffn_activated, ffn_output
    if (lesson.decoder()) total += n * d_model;      // cross_attention
  }
  return total;
}

double trace_work(const Lesson& lesson) {
  const Matrix* wq = lesson.find("W_Q");
  if (!wq) return 0;
  const double n = static_cast<double>(lesson.tokens.size()), keys = static_cast<double>(lesson.keys());
  const double d = static_cast<double>(wq->rows()), q = columns(lesson, "W_Q"), k = columns(lesson, "W_K"),
               v = columns(lesson, "W_V");
  double work = n * d * q + keys * d * (k + v)  // Q = X·W_Q; K, V from the keys' rows
                + n * keys * (q + v)            // QKᵀ and A·V, every head
                + n * keys * lesson.heads * per_attention_cell;
  if (const Matrix* wo = lesson.find("W_O")) work += n * static_cast<double>(wo->rows() * wo->cols());
  if (const Matrix* ff = lesson.find("layer.W_ff1")) work += 2 * n * static_cast<double>(ff->rows() * ff->cols());
  // a decoder's cross-attention: queries from the stream, keys and values from the source's m rows
  if (lesson.decoder()) {
    const double m = static_cast<double>(lesson.source->tokens.size()), cq = columns(lesson, "cross.W_Q"),
                 ck = columns(lesson, "cross.W_K"), cv = columns(lesson, "cross.W_V");
    work += n * d * cq + m * d * (ck + cv) + n * m * (cq + cv) + n * m * lesson.heads * per_attention_cell;
    if (const Matrix* wo = lesson.find("cross.W_O")) work += n * static_cast<double>(wo->rows() * wo->cols());
  }
  return work;
}

std::optional<Problem> trace_too_large(const Lesson& lesson) {
  const std::size_t numbers = trace_numbers(lesson);
  if (numbers <= limits::max_trace_numbers) return std::nullopt;
  return Problem{"lesson",
                 "its trace would print " + std::to_string(numbers) + " numbers (about " +
                     std::to_string(numbers * 25 / 1000000) + " MB); one trace prints at most " +
                     std::to_string(limits::max_trace_numbers) +
                     ": use fewer tokens, heads or dimensions (the page computes larger lessons)",
                 codes::trace_too_large,
                 {number_param("numbers", numbers), number_param("megabytes", numbers * 25 / 1000000),
                  number_param("max", limits::max_trace_numbers)}};
}

}  // namespace attnlab
