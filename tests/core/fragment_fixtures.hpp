#pragma once
// Reading tests/fixtures/fragments/*.json (scripts/make_fragment_fixtures.py): base64 and the checksum they use.
#include <cstdint>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <string_view>

namespace attnlab::test {

inline nlohmann::json fragment_fixture(const std::string& name) {
  std::ifstream in(std::string(ATTNLAB_FIXTURES) + "/fragments/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return nlohmann::json::parse(text.str());
}

// Standard base64 with padding, as Python's base64.b64encode writes it.
inline std::string base64(std::string_view text) {
  std::string out;
  std::uint32_t buffer = 0;
  int bits = 0;
  for (char c : text) {
    int v = c >= 'A' && c <= 'Z'   ? c - 'A'
            : c >= 'a' && c <= 'z' ? c - 'a' + 26
            : c >= '0' && c <= '9' ? c - '0' + 52
            : c == '+'             ? 62
            : c == '/'             ? 63
                                   : -1;
    if (v < 0) continue;  // '='
    buffer = (buffer << 6) | static_cast<std::uint32_t>(v);
    if ((bits += 6) >= 8) out += static_cast<char>((buffer >> (bits -= 8)) & 0xff);
  }
  return out;
}

inline std::uint32_t adler32(std::string_view data) {
  std::uint32_t a = 1, b = 0;
  for (unsigned char c : data) a = (a + c) % 65521, b = (b + a) % 65521;
  return (b << 16) | a;
}

}  // namespace attnlab::test
