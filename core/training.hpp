#pragma once
// Watching attention learn: a one-head attention layer trained by gradient descent on cross-entropy, with the
// backward pass written out by hand (through W_O, the weighted sum, the softmax, the projections and the
// embeddings).
//
// The task is BERT's masked-language-model objective on toy sentences that need attention to solve: a sentence
// is m random symbols followed by the same m symbols again ("c a e c a e"); one position is replaced by [MASK]
// and the model must name the hidden symbol. Its only copy sits m positions away, so the [MASK] query has to
// learn to put its attention there: the weights go from nearly uniform to a sharp off-diagonal pattern.
//
//   X = E[ids] + P,  Q = X·W_Q,  K = X·W_K,  V = X·W_V,  weights = softmax(Q·Kᵀ/√d_k),  Z = weights·V,
//   logits = Z[p]·W_O,  loss = −ln softmax(logits)[target]     (p = the masked position)
#include <cstdint>
#include <string>
#include <vector>

#include "matrix.hpp"
#include "numpy_random.hpp"

namespace attnlab {

struct TrainingOptions {
  std::uint32_t seed = 1;        // draws the sentences and the initial parameters
  int symbols = 6;               // content symbols a, b, c, … (vocabulary = symbols + [MASK]); clamped to [2, 12]
  int half_length = 3;           // m: a sentence has 2m tokens; clamped to [1, 6]
  int d_model = 8;               // clamped to [2, 32]
  int d_k = 8;                   // query/key/value size; clamped to [1, 32]
  int examples = 256;            // training sentences (full batch); clamped to [1, 4096]
  double learning_rate = 0.005;  // clamped to [1e-5, 10]; plain gradient descent wants ~0.5
  bool adam = true;              // Adam (β 0.9, 0.999); false = plain gradient descent
};

// The learned parameters; the gradients have the same shapes and use this struct too.
struct AttentionParameters {
  Matrix E;    // vocabulary × d_model: token embeddings
  Matrix P;    // length × d_model: position embeddings
  Matrix W_Q;  // d_model × d_k
  Matrix W_K;  // d_model × d_k
  Matrix W_V;  // d_model × d_k
  Matrix W_O;  // d_k × symbols: from the attention output to one score per symbol
};

// Names and pointers, in the order above (for optimizers and finite-difference checks).
std::vector<std::pair<std::string, Matrix*>> parameter_list(AttentionParameters& p);

struct MaskedExample {
  std::vector<int> ids;  // token ids; the masked position holds the [MASK] id (= symbols)
  int position = 0;      // p
  int target = 0;        // the hidden symbol
};

struct ForwardPass {
  Matrix X, Q, K, V, scores, weights, Z;
  Vector logits, probs;  // at the masked position
  double loss = 0;
};

ForwardPass forward(const AttentionParameters& p, const MaskedExample& example);

struct BatchResult {
  double loss = 0;      // mean cross-entropy
  double accuracy = 0;  // fraction of examples whose most likely symbol is the target
};

// Mean loss over the batch and, when gradients is not null, its gradient (resized and overwritten).
BatchResult loss_and_gradients(const AttentionParameters& p, const std::vector<MaskedExample>& batch,
                               AttentionParameters* gradients);

// The options after clamping.
TrainingOptions clamped(const TrainingOptions& options);

// Sentences and initial parameters from the seed: np.random.seed(seed); each example draws m symbols
// (⌊rand()·symbols⌋) then its masked position (⌊rand()·2m⌋); then E, P, W_Q, W_K, W_V, W_O = randn · scale.
std::vector<MaskedExample> make_examples(const TrainingOptions& options, NumpyRandom& rng);
AttentionParameters initial_parameters(const TrainingOptions& options, NumpyRandom& rng);

struct TrainingState {
  int step = 0;     // updates made so far
  double loss = 0;  // mean loss on the training sentences now
  double accuracy = 0;
  Matrix weights;  // attention weights of the shown example (length × length)
  Vector probs;    // the model's probabilities for the shown example's masked token
};

class AttentionTrainer {
 public:
  explicit AttentionTrainer(const TrainingOptions& options = {});
  void reset(const TrainingOptions& options);  // back to step 0 (same seed = the same run again)
  void step(int updates = 1);                  // gradient steps on the full batch
  TrainingState state(int shown_example = 0) const;

  const TrainingOptions& options() const { return options_; }
  const std::vector<MaskedExample>& examples() const { return examples_; }
  const AttentionParameters& parameters() const { return params_; }
  const std::vector<double>& loss_history() const { return losses_; }  // entry t: loss after t updates
  const std::vector<double>& accuracy_history() const { return accuracies_; }
  std::vector<std::string> vocabulary() const;  // "a", "b", …, "[MASK]"

 private:
  TrainingOptions options_;
  std::vector<MaskedExample> examples_;
  AttentionParameters params_, grad_, m_, v_;
  double beta1_t_ = 1, beta2_t_ = 1;
  std::vector<double> losses_, accuracies_;
};

}  // namespace attnlab
