"""Answer-key fixtures for the exercise engine, computed independently with NumPy.

For the exit-ticket set (tests/fixtures/exercises/exit-ticket.json) and student seeds 0..29, the set reseeds
its lesson: np.random.seed(S), X = randn(4, 8), W_Q, W_K, W_V = randn(8, 8) * 0.5. This script stores every
matrix an answer is read from, with and without the causal mask; tests/core/test_exercises.cpp checks each
generated answer against them.

Run: /usr/bin/python3 scripts/make_exercise_fixtures.py
"""
import json
import pathlib

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "exercises" / "exit-ticket-keys.json"


def softmax(s):
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def attention(seed):
    np.random.seed(seed)
    X = np.random.randn(4, 8)
    W_Q, W_K, W_V = (np.random.randn(8, 8) * 0.5 for _ in range(3))
    Q, K, V = X @ W_Q, X @ W_K, X @ W_V
    scores = Q @ K.T
    scaled = scores / np.sqrt(8)
    weights = softmax(scaled)
    causal = np.where(np.tril(np.ones((4, 4))) == 1, scaled, -np.inf)
    return {"Q": Q, "K": K, "V": V, "scores": scores, "scaled": scaled, "weights": weights,
            "Z": weights @ V, "causal_weights": softmax(causal)}


def main():
    keys = {str(seed): {k: v.tolist() for k, v in attention(seed).items()} for seed in range(30)}
    OUT.write_text(json.dumps({"set": "exit-ticket.json", "seeds": keys}, indent=1) + "\n")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
