#include "results_code.hpp"

#include "inflate.hpp"
#include "link_text.hpp"

namespace attnlab {

std::uint32_t fnv1a32(std::string_view bytes) {
  std::uint32_t h = 0x811c9dc5u;
  for (unsigned char b : bytes) h = (h ^ b) * 0x01000193u;
  return h;
}

std::uint32_t fnv1a32_utf16(std::string_view s) {
  std::uint32_t h = 0x811c9dc5u;
  const auto unit = [&h](std::uint32_t u) { h = (h ^ u) * 0x01000193u; };
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = link::utf8_char(s, i);
    if (n == 0) {  // not UTF-8 (the engine refuses such a set anyway): one byte as one unit
      unit(static_cast<unsigned char>(s[i++]));
      continue;
    }
    const auto byte = [&](std::size_t k) { return static_cast<std::uint32_t>(static_cast<unsigned char>(s[i + k])); };
    std::uint32_t cp =
        n == 1   ? byte(0)
        : n == 2 ? (byte(0) & 0x1fu) << 6 | (byte(1) & 0x3fu)
        : n == 3 ? (byte(0) & 0x0fu) << 12 | (byte(1) & 0x3fu) << 6 | (byte(2) & 0x3fu)
                 : (byte(0) & 0x07u) << 18 | (byte(1) & 0x3fu) << 12 | (byte(2) & 0x3fu) << 6 | (byte(3) & 0x3fu);
    if (cp >= 0x10000u) {
      cp -= 0x10000u;
      unit(0xd800u + (cp >> 10));
      unit(0xdc00u + (cp & 0x3ffu));
    } else {
      unit(cp);
    }
    i += n;
  }
  return h;
}

bool read_results_code(std::string_view code, ResultsCode& out, std::string& why) {
  if (code.substr(0, results_code_prefix.size()) != results_code_prefix)
    return why = "it does not start with AL1-", false;
  std::string error;
  const auto bytes = link::base64url_decode(code.substr(results_code_prefix.size()), error);
  if (!bytes || bytes->size() < 5) return why = "it is cut short or mistyped (not a whole code)", false;
  const std::string_view packed(bytes->data(), bytes->size() - 4);
  std::uint32_t sum = 0;
  for (std::size_t k = 0; k < 4; ++k) sum = sum << 8 | static_cast<unsigned char>((*bytes)[packed.size() + k]);
  if (fnv1a32(packed) != sum) return why = "its checksum does not match: it was cut short or changed", false;
  const Inflated json_text = inflate_raw(packed, 1u << 20);
  if (json_text.error != InflateError::none) return why = "its contents cannot be unpacked", false;
  const nlohmann::json j = nlohmann::json::parse(json_text.data, nullptr, false);
  if (!j.is_object() || !j.contains("v") || j["v"] != 1) return why = "it is not a version-1 results code", false;
  const auto set = j.find("set");
  const auto seed = j.find("seed");
  const auto answers = j.find("answers");
  if (set == j.end() || !set->is_string() || seed == j.end() || !seed->is_number_unsigned() ||
      seed->get<std::uint64_t>() > 4294967295u || answers == j.end() || !answers->is_object())
    return why = "it lacks its set, seed or answers", false;
  out.set = set->get<std::string>();
  out.seed = static_cast<std::uint32_t>(seed->get<std::uint64_t>());
  out.answers = *answers;
  return true;
}

}  // namespace attnlab
