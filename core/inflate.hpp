#pragma once
// Raw DEFLATE (RFC 1951) unpacking for "#v2=" links, which the page packs with CompressionStream("deflate-raw").
// Our own small decoder rather than zlib, so the wasm module stays small and the whole link path can be fuzzed.
// It accepts exactly what the browser's DecompressionStream (zlib) accepts: no data after the last block,
// no over-subscribed or incomplete codes (except a single one-bit code, which zlib allows), no distance
// reaching before the start. The output cap is checked while unpacking, so a small bomb never fills memory.
#include <cstddef>
#include <string>
#include <string_view>

namespace attnlab {

enum class InflateError {
  none,
  too_large,         // the output would pass max_output
  truncated,         // the input ends before the last block does
  reserved_block,    // block type 3
  stored_length,     // a stored block's LEN and NLEN disagree
  too_many_codes,    // more than 286 literal/length or 30 distance codes
  oversubscribed,    // code lengths that no prefix code has
  incomplete,        // code lengths that leave codes unused
  bad_repeat,        // code-length repeat with nothing before it, or past the end
  no_end_of_block,   // the literal/length code lacks symbol 256
  bad_symbol,        // length symbol 286/287, distance 30/31, or an unused code
  distance_too_far,  // a match reaches before the first byte
  trailing_data,     // bytes after the last block
};

struct Inflated {
  std::string data;  // everything unpacked; complete only when error == none
  InflateError error = InflateError::none;
};

Inflated inflate_raw(std::string_view packed, std::size_t max_output);

// A short clause for people: "the packed data ends too early".
const char* inflate_error_message(InflateError error);

}  // namespace attnlab
