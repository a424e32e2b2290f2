// Whatever the input, the engine answers with problems or a trace — never a crash, never NaN.
// Mutated real lessons (this also runs under ASan/UBSan and as wasm).
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "test_helpers.hpp"

using namespace attnlab;
namespace fs = std::filesystem;

namespace {
std::vector<std::string> golden_lessons() {
  std::vector<std::string> lessons;
  for (const auto& entry : fs::directory_iterator(fs::path(ATTNLAB_FIXTURES) / "golden")) {
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string all = text.str();
    // The "lesson" object: from its key to the matching brace.
    const auto start = all.find('{', all.find("\"lesson\""));
    int depth = 0;
    std::size_t end = start;
    for (; end < all.size(); ++end) {
      if (all[end] == '{') ++depth;
      if (all[end] == '}' && --depth == 0) break;
    }
    lessons.push_back(all.substr(start, end - start + 1));
  }
  return lessons;
}

std::string mutate(std::string s, std::mt19937& rng) {
  static const std::vector<std::string> pieces{"-1",      "0",           "1e308", "1e-320",       "null",
                                               "true",    "\"x\"",       "[]",    "{}",           "[[",
                                               "]]",      ",",           ":",     "\"causal\"",   "4294967296",
                                               "-0",      "\"\\u0000\"", "99999", "\"heads\": 7", "\"mask\": [[0]]",
                                               "\xff\xfe"};
  const int edits = 1 + static_cast<int>(rng() % 4);
  for (int e = 0; e < edits && !s.empty(); ++e) {
    const std::size_t at = rng() % s.size();
    switch (rng() % 4) {
      case 0: s.erase(at, 1 + rng() % 8); break;
      case 1: s.insert(at, pieces[rng() % pieces.size()]); break;
      case 2: s[at] = static_cast<char>(rng() % 128); break;
      default: {  // duplicate a slice: bigger shapes, repeated keys
        const std::size_t len = std::min<std::size_t>(1 + rng() % 40, s.size() - at);
        s.insert(at, s.substr(at, len));
      }
    }
  }
  return s;
}
}  // namespace

TEST_CASE("mutated lessons get problems or a finite trace") {
  std::mt19937 rng(2024);
  const auto lessons = golden_lessons();
  REQUIRE(lessons.size() >= 20);
  int traced = 0, refused = 0;
  for (int round = 0; round < 3000; ++round) {
    const std::string text = mutate(lessons[round % lessons.size()], rng);
    Lesson lesson;
    const Problems problems = read_lesson(text, lesson);
    if (!problems.empty()) {
      for (const auto& p : problems) REQUIRE_FALSE(p.field.empty());
      ++refused;
      continue;
    }
    const Trace t = compute_trace(lesson);
    for (const auto& h : t.head) REQUIRE_FALSE(h.weights.hasNaN());
    REQUIRE_FALSE(t.output.hasNaN());
    ++traced;
  }
  CHECK(traced > 100);
  CHECK(refused > 100);
}
