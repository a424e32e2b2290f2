#include "tokenizer.hpp"

#include "test_helpers.hpp"

using namespace attnlab;
using V = std::vector<std::string>;

TEST_CASE("words and punctuation") {
  CHECK(tokenize("Life is short, eat dessert first") == V{"Life", "is", "short", ",", "eat", "dessert", "first"});
  CHECK(tokenize("The dog ran fast.") == V{"The", "dog", "ran", "fast", "."});
  CHECK(tokenize("Jane is going to the cinema to watch a new ___") ==
        V{"Jane", "is", "going", "to", "the", "cinema", "to", "watch", "a", "new", "___"});
}

TEST_CASE("apostrophes inside words, special tokens, non-ASCII words, blanks") {
  CHECK(tokenize("don't 'quote'") == V{"don't", "'", "quote", "'"});
  CHECK(tokenize("<SOS> hi <PAD><PAD>") == V{"<SOS>", "hi", "<PAD>", "<PAD>"});
  CHECK(tokenize("a < b") == V{"a", "<", "b"});
  CHECK(tokenize("caf\u00e9 \u00fcber") == V{"caf\u00e9", "\u00fcber"});
  CHECK(tokenize("  \t\n ").empty());
}

TEST_CASE("the default vocabulary is sorted, so ids are stable (Raschka's ordering)") {
  const auto vocab = sorted_vocabulary({"Life", "is", "short", "eat", "dessert", "first"});
  CHECK(vocab == V{"Life", "dessert", "eat", "first", "is", "short"});
}

TEST_CASE("a sentence becomes tokens, ids and rows of E") {
  const Trace t = test::trace_of(R"({"sentence": "b a b", "E": [[1, 0], [0, 1]],
    "W_Q": [[1,0],[0,1]], "W_K": [[1,0],[0,1]], "W_V": [[1,0],[0,1]]})");
  CHECK(t.tokens == V{"b", "a", "b"});
  CHECK(*t.token_ids == std::vector<int>{1, 0, 1});
  CHECK(t.X(0, 1) == 1);
  CHECK(t.X(1, 0) == 1);
}
