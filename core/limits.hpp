#pragma once
// Sizes the engine accepts. They keep a crafted link from exhausting memory in a student's browser,
// and are still far above every lecture example (BERT-base: 768 dimensions, 12 heads, 512 tokens).
#include <cstddef>

namespace attnlab::limits {

constexpr std::size_t max_tokens = 512;
constexpr std::size_t max_dim = 1024;  // d_model and every column count
constexpr std::size_t max_heads = 64;
constexpr std::size_t max_entries = 1u << 20;          // any one matrix
constexpr std::size_t max_attention_cells = 1u << 22;  // n * n * heads
constexpr std::size_t max_token_chars = 64;
constexpr std::size_t max_sentence_chars = 4000;
constexpr std::size_t max_vocab = 10000;
constexpr std::size_t max_draws = 32;
constexpr std::size_t max_json_bytes = 32u << 20;
constexpr double max_abs_value = 1e12;

}  // namespace attnlab::limits
