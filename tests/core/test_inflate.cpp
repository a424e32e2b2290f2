// The raw-DEFLATE decoder against zlib's own verdicts (tests/fixtures/fragments/inflate.json): stored, fixed and
// dynamic blocks, every error, the output cap; every cut of a good stream; random bytes.
#include "inflate.hpp"

#include <map>
#include <random>
#include <set>

#include "fragment_fixtures.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using namespace std::string_literals;

namespace {
const std::map<InflateError, std::string>& names() {
  static const std::map<InflateError, std::string> n{
      {InflateError::none, "none"},
      {InflateError::too_large, "too_large"},
      {InflateError::truncated, "truncated"},
      {InflateError::reserved_block, "reserved_block"},
      {InflateError::stored_length, "stored_length"},
      {InflateError::too_many_codes, "too_many_codes"},
      {InflateError::oversubscribed, "oversubscribed"},
      {InflateError::incomplete, "incomplete"},
      {InflateError::bad_repeat, "bad_repeat"},
      {InflateError::no_end_of_block, "no_end_of_block"},
      {InflateError::bad_symbol, "bad_symbol"},
      {InflateError::distance_too_far, "distance_too_far"},
      {InflateError::trailing_data, "trailing_data"},
  };
  return n;
}
constexpr std::size_t big_cap = std::size_t{64} << 20;

const nlohmann::json& cases() {
  static const nlohmann::json c = test::fragment_fixture("inflate.json")["cases"];
  return c;
}
}  // namespace

TEST_CASE("streams unpack to zlib's bytes, and fail where zlib fails") {
  REQUIRE(cases().size() > 40);
  for (const auto& c : cases()) {
    INFO(c["name"].get<std::string>());
    const Inflated r = inflate_raw(test::base64(c["packed"].get<std::string>()), c.value("max_output", big_cap));
    CHECK(names().at(r.error) == c["error"]);
    if (c["error"] == "none") {
      CHECK(r.data.size() == c["unpacked_length"]);
      CHECK(test::adler32(r.data) == c["unpacked_adler32"]);
      if (c.contains("unpacked")) CHECK(r.data == test::base64(c["unpacked"].get<std::string>()));
    }
  }
}

TEST_CASE("the fixtures cover every kind of block and every error") {
  std::set<std::string> blocks, errors;
  for (const auto& c : cases()) {
    if (c.contains("first_block")) blocks.insert(c["first_block"].get<std::string>());
    errors.insert(c["error"].get<std::string>());
  }
  CHECK(blocks == std::set<std::string>{"stored", "fixed", "dynamic"});
  for (const auto& [e, name] : names()) CHECK(errors.count(name) == 1);
}

TEST_CASE("every cut of a good stream ends too early") {
  for (const auto& c : cases()) {
    if (c["error"] != "none" || c.contains("max_output")) continue;
    INFO(c["name"].get<std::string>());
    const std::string packed = test::base64(c["packed"].get<std::string>());
    // every cut of small streams, some 40 of big ones
    const std::size_t step = packed.size() <= 2048 ? 1 : packed.size() / 40;
    for (std::size_t cut = 0; cut < packed.size(); cut += step) {
      INFO("cut at " << cut << " of " << packed.size());
      CHECK(inflate_raw(std::string_view(packed).substr(0, cut), big_cap).error == InflateError::truncated);
    }
  }
}

TEST_CASE("the cap is checked while unpacking: a bomb stops at the cap") {
  for (const auto& c : cases()) {
    if (c["name"] != "33 MiB of zeros, cap 32 MiB") continue;
    const std::string packed = test::base64(c["packed"].get<std::string>());
    for (std::size_t cap : {std::size_t{0}, std::size_t{1000}, std::size_t{1} << 20}) {
      const Inflated r = inflate_raw(packed, cap);
      CHECK(r.error == InflateError::too_large);
      CHECK(r.data.size() <= cap);
      CHECK(r.data.capacity() <= 2 * cap + 64);  // nothing was unpacked far past the cap
    }
  }
}

TEST_CASE("a stored block of the largest size, and empty stored blocks") {
  std::string packed = "\x00\x00\x00\xff\xff"s;  // not last, stored, LEN 0
  packed += "\x01\xff\xff\x00\x00"s + std::string(65535, 'z');
  const Inflated r = inflate_raw(packed, big_cap);
  CHECK(r.error == InflateError::none);
  CHECK(r.data == std::string(65535, 'z'));
  CHECK(inflate_raw(packed, 65534).error == InflateError::too_large);
}

TEST_CASE("every error has a message of its own") {
  std::set<std::string> messages;
  for (const auto& [e, name] : names()) {
    const std::string m = inflate_error_message(e);
    CHECK(!m.empty());
    messages.insert(m);
  }
  CHECK(messages.size() == names().size());
}

TEST_CASE("random bytes and damaged streams: an answer, never past the cap") {
  std::mt19937 rng(8);
  std::vector<std::string> good;
  for (const auto& c : cases())
    if (c["error"] == "none" && c["unpacked_length"] < 200000)
      good.push_back(test::base64(c["packed"].get<std::string>()));
  for (int k = 0; k < 3000; ++k) {
    std::string bytes;
    if (k % 2 == 0) {
      bytes.resize(rng() % 64);
      for (auto& b : bytes) b = static_cast<char>(rng());
    } else {
      bytes = good[rng() % good.size()];
      for (int e = 0; e < 3; ++e) bytes[rng() % bytes.size()] ^= static_cast<char>(1 << (rng() % 8));
    }
    const std::size_t cap = rng() % 5000;
    const Inflated r = inflate_raw(bytes, cap);
    CHECK(r.data.size() <= cap);
  }
}
