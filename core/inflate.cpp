#include "inflate.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

namespace attnlab {
namespace {

constexpr int max_bits = 15;        // longest Huffman code DEFLATE allows
constexpr int max_lit_codes = 286;  // literal/length symbols a block may declare
constexpr int max_dist_codes = 30;
constexpr int fixed_lit_codes = 288;  // the fixed code also defines 286 and 287, which are invalid to use
constexpr int fixed_dist_codes = 32;

// Length symbols 257..285 and distance symbols 0..29: base value and extra bits (RFC 1951, 3.2.5).
constexpr std::array<std::uint16_t, 29> length_base{3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                                    31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
constexpr std::array<std::uint8_t, 29> length_extra{0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                                    2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
constexpr std::array<std::uint16_t, 30> dist_base{1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                                                  33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                                                  1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
constexpr std::array<std::uint8_t, 30> dist_extra{0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                                  6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
// The order in which a dynamic block lists the code-length code's lengths.
constexpr std::array<std::uint8_t, 19> length_order{16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

// Bits are read least significant first; bytes are loaded only when needed, so after any read fewer than
// 8 bits are buffered and "the rest of this byte" is exactly what is buffered.
class BitReader {
 public:
  explicit BitReader(std::string_view in) : in_(in) {}

  // n <= 16 bits; false when the input ends first.
  bool read(int n, std::uint32_t& out) {
    while (count_ < n) {
      if (pos_ == in_.size()) return false;
      buffer_ |= static_cast<std::uint32_t>(static_cast<unsigned char>(in_[pos_++])) << count_;
      count_ += 8;
    }
    out = buffer_ & ((1u << n) - 1);
    buffer_ >>= n;
    count_ -= n;
    return true;
  }
  void skip_to_byte() { buffer_ = 0, count_ = 0; }
  // Whole bytes, after skip_to_byte.
  std::size_t bytes_left() const { return in_.size() - pos_; }
  const char* here() const { return in_.data() + pos_; }
  void advance(std::size_t n) { pos_ += n; }

 private:
  std::string_view in_;
  std::size_t pos_ = 0;
  std::uint32_t buffer_ = 0;
  int count_ = 0;
};

// A canonical Huffman code as counts per length and symbols in code order (RFC 1951, 3.2.2). Decoding walks
// it one bit at a time: slower than a lookup table but small and obviously in bounds, and the input bits a
// link can carry (under a million characters) bound the work.
struct Huffman {
  std::array<std::uint16_t, max_bits + 1> count{};
  std::array<std::uint16_t, fixed_lit_codes> symbol{};
  int total = 0;  // symbols that have a code
};

enum class Build { complete, single, empty, incomplete, oversubscribed };

Build build(Huffman& h, const std::uint8_t* lengths, int n) {
  h.count.fill(0);
  h.total = 0;
  for (int s = 0; s < n; ++s) ++h.count[lengths[s]];
  if (h.count[0] == n) return Build::empty;
  int left = 1;  // codes still unused at the current length
  for (int len = 1; len <= max_bits; ++len) {
    left = 2 * left - h.count[len];
    if (left < 0) return Build::oversubscribed;
  }
  std::array<std::uint16_t, max_bits + 2> offset{};
  for (int len = 1; len <= max_bits; ++len) offset[len + 1] = offset[len] + h.count[len];
  for (int s = 0; s < n; ++s)
    if (lengths[s] != 0) h.symbol[offset[lengths[s]]++] = static_cast<std::uint16_t>(s);
  h.total = offset[max_bits + 1];
  if (left == 0) return Build::complete;
  // zlib accepts one code of one bit (a block using a single distance, say); its other bit is then invalid.
  return h.count[1] == 1 && h.total == 1 ? Build::single : Build::incomplete;
}

// The next symbol; -1 when the input ends, -2 for a code outside the set (possible only after Build::single
// or Build::empty), known as soon as no longer code is left, as zlib knows it.
int decode(BitReader& bits, const Huffman& h) {
  int code = 0, first = 0, index = 0;
  for (int len = 1; len <= max_bits; ++len) {
    std::uint32_t bit;
    if (!bits.read(1, bit)) return -1;
    code |= static_cast<int>(bit);
    const int count = h.count[len];
    if (code - first < count) return h.symbol[index + code - first];
    index += count;
    if (index == h.total) return -2;
    first = (first + count) << 1;
    code <<= 1;
  }
  return -2;
}

class Inflater {
 public:
  Inflater(std::string_view in, std::size_t max_output) : bits_(in), max_(max_output) {}

  Inflated run() {
    for (bool last = false; !last;) {
      std::uint32_t header;
      if (!bits_.read(3, header)) return fail(InflateError::truncated);
      last = header & 1;
      InflateError e;
      switch (header >> 1) {
        case 0: e = stored(); break;
        case 1: e = fixed(); break;
        case 2: e = dynamic(); break;
        default: e = InflateError::reserved_block;
      }
      if (e != InflateError::none) return fail(e);
    }
    // The browser's DecompressionStream refuses junk after the stream; bits left in the last byte are padding.
    if (bits_.bytes_left() != 0) return fail(InflateError::trailing_data);
    return std::move(out_);
  }

 private:
  Inflated fail(InflateError e) {
    out_.error = e;
    return std::move(out_);
  }
  std::string& data() { return out_.data; }

  InflateError stored() {
    bits_.skip_to_byte();
    if (bits_.bytes_left() < 4) return InflateError::truncated;
    const auto* p = reinterpret_cast<const unsigned char*>(bits_.here());
    const std::size_t len = p[0] | (p[1] << 8);
    const std::size_t nlen = p[2] | (p[3] << 8);
    bits_.advance(4);
    if (len != (~nlen & 0xffff)) return InflateError::stored_length;
    // Like zlib with a full output buffer: too large wins if the bytes that are there already pass the cap.
    const std::size_t have = std::min(len, bits_.bytes_left());
    if (have > max_ - data().size()) return InflateError::too_large;
    data().append(bits_.here(), have);
    bits_.advance(have);
    return have == len ? InflateError::none : InflateError::truncated;
  }

  InflateError fixed() {
    static const auto codes = [] {
      std::array<Huffman, 2> h;
      std::array<std::uint8_t, fixed_lit_codes> lengths{};
      for (int s = 0; s < fixed_lit_codes; ++s) lengths[s] = s < 144 ? 8 : s < 256 ? 9 : s < 280 ? 7 : 8;
      build(h[0], lengths.data(), fixed_lit_codes);
      lengths.fill(5);
      build(h[1], lengths.data(), fixed_dist_codes);
      return h;
    }();
    return symbols(codes[0], codes[1]);
  }

  InflateError dynamic() {
    std::uint32_t hlit, hdist, hclen;
    if (!bits_.read(5, hlit) || !bits_.read(5, hdist) || !bits_.read(4, hclen)) return InflateError::truncated;
    const int nlit = static_cast<int>(hlit) + 257, ndist = static_cast<int>(hdist) + 1,
              ncode = static_cast<int>(hclen) + 4;
    if (nlit > max_lit_codes || ndist > max_dist_codes) return InflateError::too_many_codes;

    std::array<std::uint8_t, 19> code_lengths{};
    for (int i = 0; i < ncode; ++i) {
      std::uint32_t v;
      if (!bits_.read(3, v)) return InflateError::truncated;
      code_lengths[length_order[i]] = static_cast<std::uint8_t>(v);
    }
    Huffman lencode;
    switch (build(lencode, code_lengths.data(), 19)) {
      case Build::complete: break;
      case Build::oversubscribed: return InflateError::oversubscribed;
      default: return InflateError::incomplete;  // zlib wants this one complete, even with a single code
    }

    // Literal/length and distance code lengths, one run: a repeat may cross from one into the other.
    std::array<std::uint8_t, max_lit_codes + max_dist_codes> lengths{};
    for (int i = 0; i < nlit + ndist;) {
      const int sym = decode(bits_, lencode);
      if (sym == -1) return InflateError::truncated;
      if (sym < 16) {
        lengths[i++] = static_cast<std::uint8_t>(sym);
        continue;
      }
      std::uint8_t value = 0;
      std::uint32_t extra;
      int repeat;
      if (sym == 16) {
        if (!bits_.read(2, extra)) return InflateError::truncated;
        if (i == 0) return InflateError::bad_repeat;
        value = lengths[i - 1];
        repeat = 3 + static_cast<int>(extra);
      } else if (sym == 17) {
        if (!bits_.read(3, extra)) return InflateError::truncated;
        repeat = 3 + static_cast<int>(extra);
      } else {
        if (!bits_.read(7, extra)) return InflateError::truncated;
        repeat = 11 + static_cast<int>(extra);
      }
      if (i + repeat > nlit + ndist) return InflateError::bad_repeat;
      while (repeat-- > 0) lengths[i++] = value;
    }
    if (lengths[256] == 0) return InflateError::no_end_of_block;

    Huffman lit, dist;
    switch (build(lit, lengths.data(), nlit)) {
      case Build::oversubscribed: return InflateError::oversubscribed;
      case Build::incomplete: return InflateError::incomplete;
      default: break;  // complete or single (empty is impossible: 256 has a length)
    }
    switch (build(dist, lengths.data() + nlit, ndist)) {
      case Build::oversubscribed: return InflateError::oversubscribed;
      case Build::incomplete: return InflateError::incomplete;
      default: break;  // empty is fine for a block of literals only
    }
    return symbols(lit, dist);
  }

  // The block's literals and matches, up to symbol 256.
  InflateError symbols(const Huffman& lit, const Huffman& dist) {
    for (;;) {
      int sym = decode(bits_, lit);
      if (sym == -1) return InflateError::truncated;
      if (sym < 0) return InflateError::bad_symbol;
      if (sym < 256) {
        if (data().size() == max_) return InflateError::too_large;
        data().push_back(static_cast<char>(sym));
        continue;
      }
      if (sym == 256) return InflateError::none;
      sym -= 257;
      if (sym >= static_cast<int>(length_base.size())) return InflateError::bad_symbol;
      std::uint32_t extra;
      if (!bits_.read(length_extra[sym], extra)) return InflateError::truncated;
      const std::size_t length = length_base[sym] + extra;

      sym = decode(bits_, dist);
      if (sym == -1) return InflateError::truncated;
      if (sym < 0 || sym >= static_cast<int>(dist_base.size())) return InflateError::bad_symbol;
      if (!bits_.read(dist_extra[sym], extra)) return InflateError::truncated;
      const std::size_t distance = dist_base[sym] + extra;
      if (distance > data().size()) return InflateError::distance_too_far;
      if (length > max_ - data().size()) return InflateError::too_large;
      // Byte by byte: a match may overlap what it writes (distance 1 repeats one byte).
      for (std::size_t from = data().size() - distance, k = 0; k < length; ++k) data().push_back(data()[from + k]);
    }
  }

  BitReader bits_;
  std::size_t max_;
  Inflated out_;
};

}  // namespace

Inflated inflate_raw(std::string_view packed, std::size_t max_output) { return Inflater(packed, max_output).run(); }

const char* inflate_error_message(InflateError error) {
  switch (error) {
    case InflateError::none: return "it unpacks";
    case InflateError::too_large: return "it unpacks to more than its limit";
    case InflateError::truncated: return "the packed data ends too early";
    case InflateError::reserved_block: return "the packed data has a block of the reserved type 3";
    case InflateError::stored_length: return "a stored block's length does not match its check";
    case InflateError::too_many_codes: return "a block declares more than 286 length or 30 distance codes";
    case InflateError::oversubscribed: return "a block's Huffman code lengths are over-subscribed";
    case InflateError::incomplete: return "a block's Huffman code lengths are incomplete";
    case InflateError::bad_repeat: return "a block repeats a code length where there is none or past the end";
    case InflateError::no_end_of_block: return "a block has no end-of-block code";
    case InflateError::bad_symbol: return "the packed data uses an invalid length or distance code";
    case InflateError::distance_too_far: return "a match reaches back before the start of the data";
    case InflateError::trailing_data: return "bytes follow the last block of the packed data";
  }
  return "it does not unpack";
}

}  // namespace attnlab
