#pragma once
// A validation problem names the field it concerns, so the page can show it at the right input.
#include <string>
#include <vector>

namespace attnlab {

struct Problem {
  std::string field;    // "W_Q", "mask.padding[2]", "init.draws[1].shape"
  std::string message;  // what is wrong, with both shapes when shapes disagree
};

using Problems = std::vector<Problem>;

}  // namespace attnlab
