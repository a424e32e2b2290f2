// libFuzzer target: link fragments, which anyone can craft and the page decodes on load. The bytes go three ways:
// as a whole fragment (decode_fragment), as the JSON a "#v2=" link unpacks to (decode_v2_payload), and as raw
// DEFLATE (inflate_raw), which is compared with zlib's inflate — what the browser's DecompressionStream runs —
// for the same verdict and the same bytes. Each must answer, never crash, hang or exhaust memory, and a state
// must be JSON text of the page's shape.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "fragment.hpp"
#include "inflate.hpp"
#include "steps.hpp"

#ifdef ATTNLAB_FUZZ_ZLIB
#include <zlib.h>
#endif

using namespace attnlab;
using nlohmann::json;

namespace {
void require(bool ok) {
  if (!ok) std::abort();
}

// Every state is {"lesson":{…},…}; when nlohmann can read it (it refuses the \ud800 escapes and 1e309 numbers
// that JSON.parse takes, so a state may carry them), its view fields are in range.
void check(const DecodedFragment& d) {
  if (d.kind == DecodedFragment::Kind::problem) require(!d.message.empty());
  if (d.kind != DecodedFragment::Kind::state) return;
  require(d.version == 1 || d.version == 2);
  require(d.state_json.rfind("{\"lesson\":{", 0) == 0 && d.state_json.back() == '}');
  const json s = json::parse(d.state_json, nullptr, false);
  if (s.is_discarded()) return;
  require(s.size() == 8 && s["lesson"].is_object());
  require(s["preset"].is_null() || s["preset"].is_string());
  require(s["step"].is_null() || s["step"].is_string());
  require(s["reveal"].is_null() || (s["reveal"] >= 1 && s["reveal"] <= 512));
  // (at most every step hidden and every input locked: the lists of core/steps.json)
  require(s["hidden"].is_array() && s["hidden"].size() <= attnlab::step_ids().size());
  require(s["locked"].is_array() && s["locked"].size() <= attnlab::lockable_inputs().size());
  require(s["note"].is_string());
  if (!s["selection"].is_null()) require(s["selection"]["head"] >= 0 && s["selection"]["head"] <= 63);
}

#ifdef ATTNLAB_FUZZ_ZLIB
// Only which way a stream ends is compared: the two notice some errors in a different order (zlib reads an
// empty code-length code as zeros and fails later, at the missing end-of-block code, or at the end of the input).
enum class Verdict { ok, too_large, error };

Verdict verdict(InflateError e) {
  return e == InflateError::none ? Verdict::ok : e == InflateError::too_large ? Verdict::too_large : Verdict::error;
}

void inflate_as_zlib_does(std::string_view packed) {
  constexpr std::size_t cap = 1 << 20;
  static std::string out(cap + 1, '\0');
  const Inflated ours = inflate_raw(packed, cap);

  z_stream z{};
  require(inflateInit2(&z, -15) == Z_OK);
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
  z.avail_in = static_cast<uInt>(packed.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  const int rc = inflate(&z, Z_FINISH);
  const std::size_t produced = out.size() - z.avail_out;
  const bool trailing = z.avail_in != 0;
  inflateEnd(&z);

  // Bytes after the stream are an error in the browser (Chromium: "Junk found after end of compressed data").
  const Verdict theirs = rc == Z_STREAM_END ? (trailing ? Verdict::error : Verdict::ok)
                         : produced > cap   ? Verdict::too_large
                                            : Verdict::error;
  require(verdict(ours.error) == theirs);
  if (theirs == Verdict::ok) require(ours.data == std::string_view(out.data(), produced));
}
#endif
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  check(decode_fragment(bytes));
  const DecodedFragment payload = decode_v2_payload(bytes);
  check(payload);
  // what nlohmann reads, JSON.parse reads; a state holds nothing nlohmann could not read back
  if (payload.kind == DecodedFragment::Kind::state && json::accept(bytes)) require(json::accept(payload.state_json));
#ifdef ATTNLAB_FUZZ_ZLIB
  inflate_as_zlib_does(bytes);
#else
  require(inflate_raw(bytes, 1 << 20).data.size() <= (1 << 20));
#endif
  return 0;
}
