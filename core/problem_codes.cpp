#include "problems.hpp"

namespace attnlab {

const std::vector<std::string>& problem_codes() {
  static const std::vector<std::string> codes{
#define ATTNLAB_PROBLEM(code) #code,
#include "problem_codes.def"
#undef ATTNLAB_PROBLEM
  };
  return codes;
}

}  // namespace attnlab
