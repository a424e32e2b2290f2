#pragma once
// The seeded draws of the last lesson read, kept by whoever reads lessons one edit after another (the page's
// engine): an edit re-reads the whole lesson, and its init block is then usually the same, so its matrices are
// the same draws again (drawing a 768 × 768 matrix costs more than the attention it feeds). The reader itself
// keeps nothing: without a SeededDraws, every lesson is drawn afresh.
#include <map>
#include <string>

#include "matrix.hpp"

namespace attnlab {

class SeededDraws {
 public:
  // The matrices drawn for this init block (its JSON text), or null when it is not the one kept.
  const std::map<std::string, Matrix>* find(const std::string& init) const {
    return !init_.empty() && init == init_ ? &drawn_ : nullptr;
  }
  // Keeps these draws (of an init block read without problems) in place of the last ones.
  void keep(std::string init, std::map<std::string, Matrix> drawn) {
    init_ = std::move(init);
    drawn_ = std::move(drawn);
  }

 private:
  std::string init_;
  std::map<std::string, Matrix> drawn_;
};

}  // namespace attnlab
