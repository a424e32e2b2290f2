// Link fragments: the golden links of tests/fixtures/fragments/links.json (scripts/make_fragment_fixtures.py, packed
// by Python's zlib) decode to the state, or the message, web/share.js gave; every message is covered; the size caps;
// damaged links never crash.
#include "fragment.hpp"

#include <random>
#include <set>

#include "fragment_fixtures.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using nlohmann::json;
using Kind = DecodedFragment::Kind;

namespace {
const json& cases() {
  static const json c = test::fragment_fixture("links.json")["cases"];
  return c;
}
bool starts_with(const std::string& s, const std::string& prefix) { return s.compare(0, prefix.size(), prefix) == 0; }
}  // namespace

TEST_CASE("golden links decode to their state or message") {
  REQUIRE(cases().size() > 100);
  for (const auto& c : cases()) {
    INFO(c["name"].get<std::string>());
    const DecodedFragment d = decode_fragment(c["fragment"].get<std::string>());
    const std::string expect = c["expect"];
    if (expect == "empty") {
      CHECK(d.kind == Kind::empty);
    } else if (expect == "problem") {
      REQUIRE(d.kind == Kind::problem);
      if (c.contains("message")) CHECK(d.message == c["message"]);
      else CHECK(starts_with(d.message, c["message_prefix"]));
    } else {
      INFO(d.message);
      REQUIRE(d.kind == Kind::state);
      CHECK(d.version == c["version"]);
      if (!c["state"].is_null()) CHECK(json::parse(d.state_json) == c["state"]);
      if (c.contains("state_json_contains"))
        CHECK(d.state_json.find(c["state_json_contains"].get<std::string>()) != std::string::npos);
    }
  }
}

TEST_CASE("the golden links hold every message the decoder has") {
  std::set<std::string> seen;
  for (const auto& c : cases())
    if (c["expect"] == "problem") seen.insert(c.value("message", c.value("message_prefix", "")));
  for (const std::string m :
       {"it does not hold a state object", "it does not contain a lesson", "the preset name is not text",
        "the step is not one of the walkthrough's steps", "the selected cell is malformed",
        "the decoding step is not a whole number from 1 to 512", "the list of hidden steps is malformed",
        "the list of locked inputs is malformed", "the note is not text", "the note is longer than 2000 characters",
        "the link could not be read", "the link does not contain a lesson",
        "it was made in format version 7, which this page does not know",
        "it is damaged: it contains characters that base64url does not use",
        "it is damaged: its base64url text has a stray last character", "it is damaged: it unpacks to more than 32 MiB",
        "it is damaged: the packed data ends too early", "it is damaged: the unpacked data is not UTF-8 text",
        "it is damaged: the unpacked data is not JSON: "})
    CHECK(seen.count(m) == 1);
}

TEST_CASE("a fragment of more than 1 000 000 characters, counted as JavaScript counts them") {
  CHECK(decode_fragment("#" + std::string(1'000'001, 'A')).message ==
        "it is 1,000,001 characters long, more than a link may be");
  CHECK(decode_fragment(std::string(1'000'001, 'A')).message ==
        "it is 1,000,001 characters long, more than a link may be");
  CHECK(decode_fragment("#" + std::string(1'000'000, 'A')).message == "the link could not be read");
  std::string emoji;
  for (int k = 0; k < 500'001; ++k) emoji += "\xf0\x9f\x98\x80";  // two UTF-16 units each
  CHECK(decode_fragment(emoji).message == "it is 1,000,002 characters long, more than a link may be");
  CHECK(decode_fragment("#v2=" + std::string(999'997, 'A')).message ==
        "it is damaged: its base64url text has a stray last character");
}

TEST_CASE("the state is JSON text with the fields in the page's order") {
  const DecodedFragment d = decode_fragment(cases()[0]["fragment"].get<std::string>());
  REQUIRE(d.kind == Kind::state);
  std::vector<std::string> keys;
  const auto state = nlohmann::ordered_json::parse(d.state_json);
  for (const auto& item : state.items()) keys.push_back(item.key());
  CHECK(keys ==
        std::vector<std::string>{"lesson", "preset", "step", "selection", "reveal", "hidden", "locked", "note"});
}

TEST_CASE("an unpacked payload is read as JSON.parse reads it") {
  auto state = [](const std::string& text) {
    const DecodedFragment d = decode_v2_payload(text);
    INFO(d.message);
    REQUIRE(d.kind == Kind::state);
    return d.state_json;
  };
  // the lesson's own text, numbers and key order as written
  CHECK(
      starts_with(state(R"({"l":{"b":1.50,"a":-0,"X":[[1e309]]}})"), R"({"lesson":{"b":1.50,"a":-0,"X":[[1e309]]},)"));
  CHECK(starts_with(state("{\"l\"\n:\n{ } }"), R"({"lesson":{ },)"));
  // an escaped key, a repeated key
  CHECK(starts_with(state(R"({"\u006c":{"k":1},"l":{"k":2}})"), R"({"lesson":{"k":2},)"));
  // unpaired surrogates: JSON.parse keeps them, and so does the state handed back
  CHECK(state(R"({"l":{},"note":"\udc00\ud800"})").find(R"("note":"\udc00\ud800")") != std::string::npos);
  CHECK(state(R"({"l":{},"p":"\ud800x"})").find(R"("preset":"\ud800x")") != std::string::npos);
  // "\\ud800" is a backslash and text, not an escape
  CHECK(json::parse(state(R"({"l":{},"note":"\\ud800"})"))["note"] == "\\ud800");
  // numbers past the double range are ±Infinity: whole numbers they are not
  CHECK(decode_v2_payload(R"({"l":{},"r":1e400})").message == "the decoding step is not a whole number from 1 to 512");
  CHECK(decode_v2_payload(R"({"l":{},"sel":["X",0,0,-1e400]})").message == "the selected cell is malformed");
  CHECK(json::parse(state(R"({"l":{},"r":5e0})"))["reveal"] == 5);
  CHECK(decode_v2_payload(R"({"l":{},"sel":["Z",0,0,1.7976931348623157e308]})").message ==
        "the selected cell is malformed");
}

TEST_CASE("damaged golden links: an answer every time, and a state only as JSON text") {
  std::mt19937 rng(12);
  std::vector<std::string> links;
  for (const auto& c : cases())
    if (c["fragment"].get<std::string>().size() < 5000) links.push_back(c["fragment"]);
  const std::string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_%#{}[]\":,=v2";
  int states = 0;
  for (int k = 0; k < 4000; ++k) {
    std::string s = links[rng() % links.size()];
    for (int e = 1 + static_cast<int>(rng() % 3); e > 0 && !s.empty(); --e) {
      const std::size_t at = rng() % s.size();
      switch (rng() % 3) {
        case 0: s[at] = alphabet[rng() % alphabet.size()]; break;
        case 1: s.erase(at, 1 + rng() % 8); break;
        default: s.insert(at, 1, alphabet[rng() % alphabet.size()]);
      }
    }
    const DecodedFragment d = decode_fragment(s);
    if (d.kind == Kind::problem) CHECK(!d.message.empty());
    if (d.kind == Kind::state) {
      ++states;
      CHECK(starts_with(d.state_json, "{\"lesson\":{"));
      CHECK(d.state_json.back() == '}');
    }
  }
  CHECK(states > 0);
}
