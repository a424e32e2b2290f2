#pragma once
// Splits a sentence into words and punctuation marks, the way the lectures show tokens.
#include <string>
#include <string_view>
#include <vector>

namespace attnlab {

// "Life is short, eat dessert first" -> Life | is | short | , | eat | dessert | first
// A word is a run of letters, digits, '_', apostrophes inside a word, and any non-ASCII character;
// "<SOS>"-style special tokens stay whole; every other printable ASCII mark is a token of its own.
std::vector<std::string> tokenize(std::string_view sentence);

// The default vocabulary: the distinct tokens, sorted (as in Raschka's walkthrough), so ids are stable.
std::vector<std::string> sorted_vocabulary(const std::vector<std::string>& tokens);

}  // namespace attnlab
