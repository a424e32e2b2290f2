#include "tokenizer.hpp"

#include <algorithm>
#include <set>

namespace attnlab {
namespace {

bool is_word_char(unsigned char c) {
  return c >= 0x80 || (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// "<PAD>", "<sos>": a '<', word characters, a '>'. Returns its length, or 0.
std::size_t special_token_length(std::string_view s, std::size_t i) {
  if (s[i] != '<') return 0;
  std::size_t j = i + 1;
  while (j < s.size() && is_word_char(s[j])) ++j;
  return (j > i + 1 && j < s.size() && s[j] == '>') ? j - i + 1 : 0;
}

}  // namespace

std::vector<std::string> tokenize(std::string_view s) {
  std::vector<std::string> tokens;
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = s[i];
    if (is_space(c) || c < 0x20 || c == 0x7f) {
      ++i;
    } else if (std::size_t n = special_token_length(s, i)) {
      tokens.emplace_back(s.substr(i, n));
      i += n;
    } else if (is_word_char(c)) {
      std::size_t j = i;
      // An apostrophe between word characters belongs to the word: "don't", "cinema's".
      while (j < s.size() &&
             (is_word_char(s[j]) || (s[j] == '\'' && j + 1 < s.size() && is_word_char(s[j + 1]) && j > i)))
        ++j;
      tokens.emplace_back(s.substr(i, j - i));
      i = j;
    } else {
      tokens.emplace_back(1, static_cast<char>(c));
      ++i;
    }
  }
  return tokens;
}

std::vector<std::string> sorted_vocabulary(const std::vector<std::string>& tokens) {
  const std::set<std::string> distinct(tokens.begin(), tokens.end());
  return {distinct.begin(), distinct.end()};
}

}  // namespace attnlab
