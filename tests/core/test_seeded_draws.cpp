// The seeded draws kept between lessons belong to the caller: read_lesson alone depends on nothing read before.
#include <nlohmann/json.hpp>

#include "seeded_draws.hpp"
#include "test_helpers.hpp"

using namespace attnlab;
using namespace attnlab::test;

namespace {
const std::string init = R"({"rng":"numpy","seed":20,"draws":[{"name":"X","shape":[2,3]},)"
                         R"({"name":"W_Q","shape":[3,2]},{"name":"W_K","shape":[3,2]},{"name":"W_V","shape":[3,2]}]})";
const std::string lesson = R"({"tokens":["a","b"],"init":)" + init + "}";
// The key a SeededDraws is asked with: the init block's JSON as nlohmann writes it.
std::string key() { return nlohmann::json::parse(init).dump(); }
}  // namespace

TEST_CASE("read_lesson without SeededDraws draws afresh: the lesson read before does not matter") {
  const Lesson first = lesson_from(lesson);
  SeededDraws draws;
  Lesson other;
  // a caller's kept draws for the same block do not reach a reader that was not given them
  draws.keep(key(), {{"X", Matrix::Constant(2, 3, 7.0)}});
  REQUIRE(read_lesson(lesson, other).empty());
  CHECK(*other.find("X") == *first.find("X"));
}

TEST_CASE("a SeededDraws lends the draws of the same init block and keeps those of a new one") {
  SeededDraws draws;
  Lesson a, b;
  REQUIRE(read_lesson(lesson, {}, a, &draws).empty());
  REQUIRE(draws.find(key()) != nullptr);
  CHECK(draws.find(key())->at("W_Q") == *a.find("W_Q"));
  // what it holds for this block is what the next read gets (proof that it was not drawn again)
  Matrix marked = *a.find("X");
  marked(0, 0) = 42;
  auto kept = *draws.find(key());
  kept["X"] = marked;
  draws.keep(key(), kept);
  REQUIRE(read_lesson(lesson, {}, b, &draws).empty());
  CHECK((*b.find("X"))(0, 0) == 42);
  // another seed is another block: drawn, and kept in place of the first
  nlohmann::json reseeded = nlohmann::json::parse(init);
  reseeded["seed"] = 21;
  const std::string other = R"({"tokens":["a","b"],"init":)" + reseeded.dump() + "}";
  Lesson c;
  REQUIRE(read_lesson(other, {}, c, &draws).empty());
  CHECK((*c.find("X"))(0, 0) != 42);
  CHECK(draws.find(key()) == nullptr);
}

TEST_CASE("an init block with problems is not kept") {
  SeededDraws draws;
  Lesson l;
  const std::string bad = R"({"tokens":["a","b"],"init":{"seed":-1,"draws":[]}})";
  CHECK_FALSE(read_lesson(bad, {}, l, &draws).empty());
  CHECK(draws.find(nlohmann::json::parse(bad)["init"].dump()) == nullptr);
}
