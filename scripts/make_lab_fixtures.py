#!/usr/bin/python3
"""Write tests/fixtures/labs/*.json: NumPy's numbers for the labs of the "Beyond the pipeline" page.

Each function below re-implements one lab from its description in core/*.hpp (not from the C++ code),
with NumPy float64 (and NumPy float16 for the half-precision softmax), so the engine is checked against
something it did not compute itself. Deterministic, no network:

    /usr/bin/python3 scripts/make_lab_fixtures.py
"""
import json
import math
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "tests" / "fixtures" / "labs"


def number(x):
    """JSON has no inf/NaN: they travel as strings."""
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def numbers(a):
    return [number(v) for v in np.asarray(a).ravel()]


def softmax(x):
    e = np.exp(x - x.max())
    return e / e.sum()


# ---- scale lab: why divide by sqrt(d_k) ------------------------------------------------------------------


def row_stats(scores):
    mx, ent, jac = [], [], []
    for row in scores:
        p = softmax(row)
        mx.append(p.max())
        nz = p[p > 0]
        ent.append(-(nz * np.log(nz)).sum())
        J = np.diag(p) - np.outer(p, p)
        jac.append(np.linalg.norm(J, "fro"))
    return {"max_weight": float(np.mean(mx)), "entropy": float(np.mean(ent)), "jacobian_norm": float(np.mean(jac))}


def scale_lab(seed, queries, keys, d_ks):
    rows = []
    for d_k in d_ks:
        np.random.seed(seed)
        Q = np.random.randn(queries, d_k)
        K = np.random.randn(keys, d_k)
        raw = Q @ K.T
        scaled = raw / np.sqrt(d_k)
        rows.append({"d_k": d_k, "raw_variance": float(np.var(raw)), "scaled_variance": float(np.var(scaled)),
                     "raw": row_stats(raw), "scaled": row_stats(scaled),
                     "example_raw_weights": numbers(softmax(raw[0])),
                     "example_scaled_weights": numbers(softmax(scaled[0]))})
    return {"name": f"scale_seed{seed}", "source": "NumPy float64", "seed": seed, "queries": queries, "keys": keys,
            "d_k": d_ks, "tolerance": 1e-9, "rows": rows}


# ---- softmax precision: float64 and float16, naive and max-subtracted ------------------------------------


def softmax_run(logits, hidden, mask_value, dtype, subtract_max):
    with np.errstate(all="ignore"):
        x = np.array([mask_value if h else v for v, h in zip(logits, hidden)], dtype=np.float64).astype(dtype)
        mx = x.max() if subtract_max else dtype(0)
        shifted = (x - mx).astype(dtype) if subtract_max else x
        e = np.exp(shifted).astype(dtype)
        s = dtype(0)
        for v in e:  # left to right, rounded after every addition
            s = dtype(s + v)
        w = (e / s).astype(dtype)
    return {"half": dtype is np.float16, "subtract_max": subtract_max, "inputs": numbers(x), "max": number(mx),
            "exp": numbers(e), "sum": number(s), "weights": numbers(w),
            "overflow": bool(np.isinf(e).any() or np.isinf(s)), "invalid": bool(np.isnan(w).any())}


def precision_cases():
    cases = []
    rows = [([1.0, 2.0, 3.0], [False] * 3), ([10.0, 11.0, 12.0], [False] * 3), ([10.0, 10.0, 10.0], [False] * 3),
            ([11.0859375, 0.0], [False] * 2), ([11.09375, 0.0], [False] * 2), ([3.0, 1.0, 0.5, -2.0], [False, False, True, True]),
            ([2.0, -1.0, 0.25], [True, True, True]), ([-20.0, 4.0, 0.0], [False, True, False]),
            ([0.1, 0.2, 0.7, 30.0], [False] * 4)]
    for logits, hidden in rows:
        for mask_value in [-math.inf, -1e9, -1e6, -1e4]:
            if not any(hidden) and mask_value != -math.inf:
                continue
            runs = [softmax_run(logits, hidden, mask_value, dt, sub) for dt in (np.float64, np.float16) for sub in (False, True)]
            cases.append({"logits": logits, "hidden": hidden, "mask_value": number(mask_value), "runs": runs})
    return {"name": "softmax_precision", "source": "NumPy float64 and float16, one rounding per operation",
            "tolerance": {"float64": 1e-15, "float16_relative": 1e-3}, "cases": cases}


# ---- Bahdanau: every alignment function, one decoder step ---------------------------------------------------


def bahdanau(seed_states, seed_params, n, d, d_a):
    np.random.seed(seed_states)
    H = np.random.randn(n, d)
    s = np.random.randn(d)
    np.random.seed(seed_params)
    Wg = np.random.randn(d, d) / np.sqrt(d)
    Wl = np.random.randn(d, n) / np.sqrt(d)
    W1 = np.random.randn(d, d_a) / np.sqrt(d)
    W2 = np.random.randn(d, d_a) / np.sqrt(d)
    va = np.random.randn(1, d_a) / np.sqrt(d_a)
    scores = {
        "dot": H @ s,
        "scaled_dot": H @ s / np.sqrt(d),
        "general": H @ (s @ Wg),
        "additive": np.array([va[0] @ np.tanh(s @ W1 + h @ W2) for h in H]),
        "cosine": H @ s / (np.linalg.norm(H, axis=1) * np.linalg.norm(s)),
        "location": s @ Wl,
    }
    out = {}
    for kind, sc in scores.items():
        w = softmax(sc)
        out[kind] = {"scores": numbers(sc), "weights": numbers(w), "context": numbers(w @ H)}
    return {"name": "bahdanau", "source": "NumPy float64", "H": H.tolist(), "s": s.tolist(), "seed": seed_params,
            "d_a": d_a, "tolerance": 1e-12, "alignments": out}


# ---- training: the seeded sentences, initial parameters, loss and gradient ----------------------------------


def training(seed, symbols, m, d, d_k, examples):
    np.random.seed(seed)
    L = 2 * m
    data = []
    for _ in range(examples):
        sym = [min(symbols - 1, int(np.random.random_sample() * symbols)) for _ in range(m)]
        ids = sym + sym
        p = min(L - 1, int(np.random.random_sample() * L))
        target = ids[p]
        ids[p] = symbols
        data.append((ids, p, target))
    E = np.random.randn(symbols + 1, d)
    P = np.random.randn(L, d)
    WQ = np.random.randn(d, d_k) / np.sqrt(d)
    WK = np.random.randn(d, d_k) / np.sqrt(d)
    WV = np.random.randn(d, d_k) / np.sqrt(d)
    WO = np.random.randn(d_k, symbols) / np.sqrt(d_k)
    loss, correct = 0.0, 0
    for ids, p, target in data:
        X = E[ids] + P
        S = (X @ WQ) @ (X @ WK).T / np.sqrt(d_k)
        A = np.exp(S - S.max(axis=1, keepdims=True))
        A /= A.sum(axis=1, keepdims=True)
        z = (A @ (X @ WV))[p]
        logits = z @ WO
        prob = softmax(logits)
        loss -= np.log(prob[target])
        correct += int(np.argmax(prob) == target)
    first = data[0]
    return {"name": "training", "source": "NumPy float64", "seed": seed, "symbols": symbols, "half_length": m,
            "d_model": d, "d_k": d_k, "examples": examples, "tolerance": 1e-12,
            "first_example": {"ids": first[0], "position": first[1], "target": first[2]},
            "E": E.tolist(), "W_O": WO.tolist(), "loss": loss / examples, "accuracy": correct / examples}


def write(name, data):
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    (OUT_DIR / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    write("scale_seed0", scale_lab(0, 50, 8, [1, 3, 64, 512, 1024]))
    write("scale_seed7", scale_lab(7, 20, 16, [2, 16, 256]))
    write("softmax_precision", precision_cases())
    write("bahdanau", bahdanau(11, 3, 5, 4, 3))
    write("training", training(1, 6, 3, 8, 8, 256))
    print("wrote", OUT_DIR)
