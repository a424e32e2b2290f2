#pragma once
// Sizes the engine accepts. They keep a crafted link from exhausting memory in a student's browser,
// and are still far above every lecture example (BERT-base: 768 dimensions, 12 heads, 512 tokens).
#include <cstddef>
#include <cstdint>

namespace attnlab::limits {

constexpr std::size_t max_tokens = 512;
constexpr std::size_t max_dim = 1024;  // d_model and every column count
constexpr std::size_t max_heads = 64;
constexpr std::size_t max_entries = 1u << 20;          // any one matrix
constexpr std::size_t max_attention_cells = 1u << 22;  // n * n * heads
// Text limits count characters (Unicode code points), as their messages say.
constexpr std::size_t max_token_chars = 64;
constexpr std::size_t max_sentence_chars = 4000;
constexpr std::size_t max_title_chars = 200;  // a lesson's or an exercise set's title
constexpr std::size_t max_note_chars = 2000;  // a lesson's note (and the link's note, core/fragment.hpp)
constexpr std::size_t max_vocab = 10000;
constexpr std::size_t max_draws = 32;
// A seed is NumPy's (np.random.seed takes 0 to 2³² − 1): lessons, exercise sheets and the labs alike.
constexpr std::uint32_t max_seed = 4294967295u;
constexpr std::size_t max_json_bytes = 32u << 20;
constexpr double max_abs_value = 1e12;
// A numeric scale divides the scores: below this, the largest scores the value limits allow (about 1e72, from
// a "general" score) would overflow to infinity and softmax would turn them into NaN.
constexpr double min_scale = 1e-12;
// Answer keys are compared within a tolerance: past this any answer would be right.
constexpr double max_tolerance = 1e6;
// What one `attnlab trace` may print: every number of every intermediate (about 25 bytes each), so a
// trace stays near 100 MB at most instead of the 400 MB a lesson at the maximum sizes would write.
constexpr std::size_t max_trace_numbers = 1u << 22;

}  // namespace attnlab::limits
