#include "lesson.hpp"

namespace attnlab {

const char* score_name(ScoreKind k) {
  switch (k) {
    case ScoreKind::scaled_dot: return "scaled_dot";
    case ScoreKind::dot: return "dot";
    case ScoreKind::general: return "general";
    case ScoreKind::additive: return "additive";
    case ScoreKind::cosine: return "cosine";
    case ScoreKind::location: return "location";
  }
  return "scaled_dot";
}

const char* norm_name(NormKind k) { return k == NormKind::pre ? "pre" : "post"; }
const char* activation_name(Activation a) { return a == Activation::gelu ? "gelu" : "relu"; }

}  // namespace attnlab
