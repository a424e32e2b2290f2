#!/usr/bin/python3
"""Write the golden fixtures in tests/fixtures/golden/*.json.

Each fixture pairs a lesson (core/lesson-format.md) with the numbers an independent
implementation (NumPy float64, PyTorch float64, or a published article) gives for it, so
the C++ engine can be checked against something it did not compute itself.

Run with Debian's interpreter, which has numpy and torch:

    /usr/bin/python3 scripts/make_fixtures.py

The output is deterministic: re-running rewrites byte-identical files. No network is used.
"""
import json
import math
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "tests" / "fixtures" / "golden"

# --------------------------------------------------------------------------------------
# Reference implementation (NumPy, float64). Written from the lesson format, not the engine.
# --------------------------------------------------------------------------------------


def visible_matrix(mask, n):
    """Boolean n x n matrix: True where query row i may see key column j."""
    if mask is None or mask == "none":
        return np.ones((n, n), dtype=bool)
    if mask == "causal":
        return np.tril(np.ones((n, n), dtype=bool))
    if isinstance(mask, dict):
        pad = np.array(mask["padding"], dtype=bool)
        return np.tile(~pad, (n, 1))
    return np.array(mask, dtype=float) != 0


def alignment_scores(score, q, k, p):
    """scores[i][j] for one head, for every alignment function of the lesson format."""
    n = q.shape[0]
    if score in ("scaled_dot", "dot"):
        return q @ k.T
    if score == "general":
        return q @ p["W_a"] @ k.T
    if score == "additive":
        s = np.zeros((n, k.shape[0]))
        for i in range(n):
            for j in range(k.shape[0]):
                s[i, j] = np.dot(p["v_a"], np.tanh(q[i] @ p["W_1"] + k[j] @ p["W_2"]))
        return s
    if score == "cosine":
        s = np.zeros((n, k.shape[0]))
        for i in range(n):
            for j in range(k.shape[0]):
                nq, nk = np.linalg.norm(q[i]), np.linalg.norm(k[j])
                s[i, j] = 0.0 if nq == 0.0 or nk == 0.0 else np.dot(q[i], k[j]) / (nq * nk)
        return s
    if score == "location":
        return q @ p["W_a"]
    raise ValueError(score)


def masked_softmax(scaled, visible):
    """Row softmax over visible cells only; hidden cells get exactly 0, empty rows all 0."""
    n = scaled.shape[0]
    weights = np.zeros_like(scaled)
    empty = []
    for i in range(n):
        cols = np.nonzero(visible[i])[0]
        if cols.size == 0:
            empty.append(i)
            continue
        row = scaled[i, cols]
        e = np.exp(row - row.max())
        weights[i, cols] = e / e.sum()
    return weights, empty


def reference(p, with_masked=False):
    """Full forward pass. p holds float64 arrays X, W_Q, W_K, W_V (W_O optional) and options."""
    X = p["X"]
    h = p.get("heads", 1)
    score = p.get("score", "scaled_dot")
    d_k = p["W_Q"].shape[1] // h
    d_v = p["W_V"].shape[1] // h
    scale = p.get("scale", "sqrt_dk" if score == "scaled_dot" else "none")
    divisor = {"sqrt_dk": math.sqrt(d_k), "none": 1.0}.get(scale, scale)
    visible = visible_matrix(p.get("mask"), X.shape[0])
    Q_all, K_all, V_all = X @ p["W_Q"], X @ p["W_K"], X @ p["W_V"]
    heads = []
    for i in range(h):
        Q = Q_all[:, i * d_k:(i + 1) * d_k]
        K = K_all[:, i * d_k:(i + 1) * d_k]
        V = V_all[:, i * d_v:(i + 1) * d_v]
        scores = alignment_scores(score, Q, K, p)
        scaled = scores / divisor
        weights, empty = masked_softmax(scaled, visible)
        head = {"Q": Q, "K": K, "V": V, "scores": scores, "scaled": scaled}
        if with_masked:
            head["masked"] = [[float(v) if ok else None for v, ok in zip(r, vr)]
                              for r, vr in zip(scaled, visible)]
            head["empty_rows"] = empty
        head["weights"] = weights
        head["Z"] = weights @ V
        heads.append(head)
    concat = np.hstack([hd["Z"] for hd in heads])
    output = concat @ p["W_O"] if p.get("W_O") is not None else concat
    return {"heads": heads, "concat": concat, "output": output,
            "d_k": d_k, "d_v": d_v, "divisor": float(divisor)}


def draw_stream(seed, draws):
    """Replay an "init" block with NumPy's legacy global generator, in order."""
    np.random.seed(seed)
    out = {}
    for d in draws:
        fn = np.random.rand if d.get("dist", "randn") == "rand" else np.random.randn
        out[d["name"]] = fn(*d["shape"]) * d.get("scale", 1.0)
    return out


def literal(seed, shape, decimals=2):
    """Small readable literal matrix (values rounded to 2 decimals) from a private generator."""
    return np.round(np.random.RandomState(seed).uniform(-1.0, 1.0, size=shape), decimals)


# --------------------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------------------


def plain(obj):
    """NumPy / torch values -> plain Python (floats keep full float64 precision)."""
    if isinstance(obj, torch.Tensor):
        obj = obj.detach().cpu().numpy()
    if isinstance(obj, np.ndarray):
        return obj.tolist()
    if isinstance(obj, (np.floating,)):
        return float(obj)
    if isinstance(obj, (np.integer,)):
        return int(obj)
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [plain(v) for v in obj]
    return obj


def _is_flat(x):
    return isinstance(x, list) and all(not isinstance(v, (list, dict)) for v in x)


def render(obj, ind=0):
    """JSON with one matrix row per line; scalars via json.dumps (repr round-trips)."""
    pad = "  " * ind
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        if all(not isinstance(v, (list, dict)) or _is_flat(v) for v in obj.values()) and \
                len(json.dumps(obj)) < 100:
            return "{" + ", ".join(f"{json.dumps(k)}: {render(v)}" for k, v in obj.items()) + "}"
        body = ",\n".join(f"{pad}  {json.dumps(k)}: {render(v, ind + 1)}" for k, v in obj.items())
        return "{\n" + body + "\n" + pad + "}"
    if isinstance(obj, list):
        if _is_flat(obj):
            return "[" + ", ".join(json.dumps(v, allow_nan=False) for v in obj) + "]"
        body = ",\n".join(pad + "  " + render(v, ind + 1) for v in obj)
        return "[\n" + body + "\n" + pad + "]"
    return json.dumps(obj, allow_nan=False)


def write(name, source, about, lesson, expected, tolerance=1e-12, **extra):
    fixture = {"name": name, "source": source, "about": about, "lesson": plain(lesson),
               "expected": plain(expected), "tolerance": tolerance}
    fixture.update(plain(extra))
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    (OUT_DIR / f"{name}.json").write_text(render(fixture) + "\n")
    written.append(name)


written = []

# --------------------------------------------------------------------------------------
# 1. Seeded NumPy streams
# --------------------------------------------------------------------------------------


def numpy_stream_fixtures():
    """The engine must reproduce NumPy's legacy MT19937 randn/rand bit for bit.

    Odd element counts (e.g. 3 x 5) leave NumPy's second Gaussian cached for the next draw,
    rand() in between does not clear that cache, scales multiply the draw, the seed range
    reaches 2**32 - 1, E draws feed the embedding lookup, and a literal matrix overrides its
    draw without shifting the draws after it. "matrices" holds the matrices actually used.
    """
    cases = [
        ("numpy_stream_seed0_basic", 0, {"tokens": ["a", "b", "c"]}, [
            {"name": "X", "shape": [3, 4]},
            {"name": "W_Q", "shape": [4, 4]},
            {"name": "W_K", "shape": [4, 4]},
            {"name": "W_V", "shape": [4, 4]}]),
        ("numpy_stream_seed1_odd", 1, {"tokens": ["I", "saw", "her"]}, [
            {"name": "X", "shape": [3, 5]},
            {"name": "W_Q", "shape": [5, 4], "scale": 0.5},
            {"name": "W_K", "shape": [5, 4], "scale": 0.5},
            {"name": "W_V", "shape": [5, 3], "scale": 0.5}]),
        ("numpy_stream_seed7_heads2_WO", 7, {"tokens": ["x0", "x1", "x2"], "heads": 2}, [
            {"name": "X", "shape": [3, 5]},
            {"name": "W_Q", "shape": [5, 4], "scale": 0.5},
            {"name": "W_K", "shape": [5, 4], "scale": 0.5, "dist": "randn"},
            {"name": "W_V", "shape": [5, 6], "scale": 0.5},
            {"name": "W_O", "shape": [6, 5], "scale": 0.25}]),
        ("numpy_stream_seed123_rand", 123, {"tokens": ["one", "two", "three"]}, [
            {"name": "X", "shape": [3, 5]},
            {"name": "W_Q", "shape": [5, 3], "dist": "rand"},
            {"name": "W_K", "shape": [5, 3]},
            {"name": "W_V", "shape": [5, 3], "scale": 2.0, "dist": "rand"}]),
        ("numpy_stream_seed4294967295_heads3", 4294967295,
         {"tokens": ["p", "q", "r", "s", "t"], "heads": 3}, [
            {"name": "X", "shape": [5, 3]},
            {"name": "W_Q", "shape": [3, 6], "scale": 0.7},
            {"name": "W_K", "shape": [3, 6], "scale": 0.7},
            {"name": "W_V", "shape": [3, 3]},
            {"name": "W_O", "shape": [3, 4], "scale": 0.3}]),
        ("numpy_stream_seed20_embedding", 20,
         {"tokens": ["the", "cat", "sat", "on", "the", "mat"]}, [
            {"name": "E", "shape": [5, 3]},
            {"name": "W_Q", "shape": [3, 2], "scale": 0.5},
            {"name": "W_K", "shape": [3, 2], "scale": 0.5},
            {"name": "W_V", "shape": [3, 3], "scale": 0.5}]),
        ("numpy_stream_seed1_override", 1, {"tokens": ["I", "saw", "her"]}, [
            {"name": "X", "shape": [3, 5]},
            {"name": "W_Q", "shape": [5, 4], "scale": 0.5},
            {"name": "W_K", "shape": [5, 4], "scale": 0.5},
            {"name": "W_V", "shape": [5, 3], "scale": 0.5}]),
        ("numpy_stream_seed0_additive", 0,
         {"tokens": ["u", "v", "w", "x"], "score": "additive"}, [
            {"name": "X", "shape": [4, 3]},
            {"name": "W_Q", "shape": [3, 2]},
            {"name": "W_K", "shape": [3, 2]},
            {"name": "W_V", "shape": [3, 2]},
            {"name": "W_1", "shape": [2, 3], "scale": 0.5},
            {"name": "W_2", "shape": [2, 3], "scale": 0.5},
            {"name": "v_a", "shape": [3]}]),
    ]
    for name, seed, base, draws in cases:
        drawn = draw_stream(seed, draws)
        lesson = dict(base)
        lesson["init"] = {"rng": "numpy", "seed": seed, "draws": draws}
        used = dict(drawn)
        about = f"np.random.seed({seed}) then the draws in order (legacy MT19937); NumPy float64"
        if name.endswith("override"):
            # One edited cell: W_K is given literally, yet its draw still consumes the stream,
            # so W_V must equal the W_V of numpy_stream_seed1_odd.
            W_K = drawn["W_K"].copy()
            W_K[0, 0] = 1.0
            lesson["W_K"] = W_K
            used["W_K"] = W_K
            about += "; W_K literal (cell [0][0] edited to 1.0) overrides its draw"
        extra = {}
        if "E" in used:
            vocab = sorted(set(lesson["tokens"]))
            ids = [vocab.index(t) for t in lesson["tokens"]]
            used["X"] = used["E"][ids]
            extra["token_ids"] = ids
            about += "; X = E[token ids], vocab = sorted unique tokens"
        p = dict(used, heads=base.get("heads", 1), score=base.get("score", "scaled_dot"))
        expected = reference(p)
        expected.update(extra)
        expected["matrices"] = used
        write(name, "numpy", about, lesson, expected)


# --------------------------------------------------------------------------------------
# 2. Lecture 20, section 9
# --------------------------------------------------------------------------------------


def lecture20_fixture():
    """Lecture 20's NumPy demo (seed 20, X 4x8, Wq/Wk/Wv 8x8 * 0.5) as a seeded lesson.

    "printed" is what the lecture's script prints (3 decimals), so the page can be checked
    against the handout students see.
    """
    draws = [{"name": "X", "shape": [4, 8]},
             {"name": "W_Q", "shape": [8, 8], "scale": 0.5},
             {"name": "W_K", "shape": [8, 8], "scale": 0.5},
             {"name": "W_V", "shape": [8, 8], "scale": 0.5}]
    drawn = draw_stream(20, draws)
    lesson = {"title": "Lecture 20: scaled dot-product self-attention from scratch",
              "tokens": ["The", "dog", "ran", "fast"],
              "init": {"rng": "numpy", "seed": 20, "draws": draws}}
    expected = reference(dict(drawn))
    expected["matrices"] = drawn
    w, Z = expected["heads"][0]["weights"], expected["heads"][0]["Z"]
    printed = {"attention": [[float(f"{v:.3f}") for v in row] for row in w],
               "Z_first4": [[float(f"{v:.3f}") for v in row[:4]] for row in Z]}
    write("lecture20_seed20", "numpy",
          "Lecture 20 section 9 script: np.random.seed(20); X=randn(4,8); Wq,Wk,Wv=randn(8,8)*0.5",
          lesson, expected, printed=printed)


# --------------------------------------------------------------------------------------
# 3. PyTorch nn.MultiheadAttention
# --------------------------------------------------------------------------------------


def torch_mha_fixtures():
    """torch.nn.MultiheadAttention (bias=False, float64) is an independent implementation.

    Its packed in_proj_weight / out_proj.weight are transposed into the lesson's
    row-vector W_Q, W_K, W_V, W_O; expected are attn_output and the per-head weights.
    """
    cases = [("torch_mha_E8_h2", 8, 2, 4, 0, None, None),
             ("torch_mha_E12_h3", 12, 3, 5, 1, None, None),
             ("torch_mha_E8_h4_causal", 8, 4, 5, 2, "causal", None),
             ("torch_mha_E8_h2_padding", 8, 2, 5, 3, None, [False, False, False, True, True])]
    for name, E, h, n, seed, causal, padding in cases:
        torch.manual_seed(seed)
        mha = torch.nn.MultiheadAttention(E, h, bias=False, batch_first=True).double().eval()
        X = torch.randn(1, n, E, dtype=torch.float64)
        attn_mask = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1) if causal else None
        kpm = torch.tensor([padding], dtype=torch.bool) if padding else None
        # Grad stays enabled on purpose: torch 1.13's no_grad "fast path" crashes with
        # bias=False, and the regular path is the documented reference computation.
        out, w = mha(X, X, X, attn_mask=attn_mask, key_padding_mask=kpm,
                     need_weights=True, average_attn_weights=False)
        out, w = out.detach(), w.detach()
        Wi = mha.in_proj_weight.detach()
        lesson = {"tokens": [f"t{i}" for i in range(n)], "heads": h,
                  "X": X[0], "W_Q": Wi[:E].T, "W_K": Wi[E:2 * E].T, "W_V": Wi[2 * E:].T,
                  "W_O": mha.out_proj.weight.detach().T}
        about = (f"torch {torch.__version__} nn.MultiheadAttention({E}, {h}, bias=False, "
                 f"batch_first=True).double(), manual_seed({seed}), X = randn(1,{n},{E})")
        if causal:
            lesson["mask"] = "causal"
            about += ", attn_mask = triu(ones, 1) (True = hidden)"
        if padding:
            lesson["mask"] = {"padding": padding}
            about += f", key_padding_mask = {padding}"
        # Cross-check torch against the NumPy reference before trusting either.
        p = {k: np.asarray(plain(lesson[k])) for k in ("X", "W_Q", "W_K", "W_V", "W_O")}
        ref = reference(dict(p, heads=h, mask=lesson.get("mask")))
        assert np.abs(ref["output"] - out[0].numpy()).max() < 1e-12, name
        for i in range(h):
            assert np.abs(ref["heads"][i]["weights"] - w[0, i].numpy()).max() < 1e-12, name
        expected = {"heads": [{"weights": w[0, i]} for i in range(h)], "output": out[0]}
        write(name, "torch", about, lesson, expected, tolerance=1e-10)


# --------------------------------------------------------------------------------------
# 4-6. Small hand-checkable examples
# --------------------------------------------------------------------------------------


def toy_dk4_fixture():
    """A fully worked toy example with d_k = 4, so the divisor is exactly 2.

    Scores are small integers that can be checked on paper: W_Q = I, W_K swaps the last
    two coordinates, W_V has small integer entries.
    """
    X = [[1, 0, 1, 0], [0, 2, 0, 0], [1, 1, 0, 0.5]]
    W_Q = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]
    W_K = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]]
    W_V = [[1, 0, 2], [0, 1, 0], [2, 0, 1], [0, 2, 0]]
    lesson = {"title": "Fully worked toy example (d_k = 4)", "tokens": ["we", "like", "cats"],
              "X": X, "W_Q": W_Q, "W_K": W_K, "W_V": W_V}
    p = {k: np.array(v, dtype=float) for k, v in lesson.items() if k.startswith(("X", "W_"))}
    write("toy_dk4", "numpy", "hand-written integers/halves; scores / sqrt(4) = scores / 2; NumPy",
          lesson, reference(p))


def retrieval_toy_fixture():
    """The dialogue's toy: the first query matches the second key (score 1), not the others (0).

    X = I3, so Q, K, V are the weight matrices themselves. V = I3 makes each output row equal
    its weight row, so "mostly value two" is visible directly.
    """
    lesson = {"title": "Retrieval toy: query 1 matches key 2", "tokens": ["k1", "k2", "k3"],
              "X": [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
              "W_Q": [[0, 1], [1, 0], [1, 1]],
              "W_K": [[1, 0], [0, 1], [-1, 0]],
              "W_V": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}
    p = {k: np.array(v, dtype=float) for k, v in lesson.items() if k.startswith(("X", "W_"))}
    ref = reference(p)
    assert ref["heads"][0]["scores"][0].tolist() == [0.0, 1.0, 0.0]
    write("retrieval_toy", "numpy",
          "attention-mechanism dialogue toy: q_0.k_1 = 1, q_0.k_0 = q_0.k_2 = 0, d_k = 2; NumPy",
          lesson, ref)


def exit_ticket_fixture():
    """The dialogue's exit ticket: softmax(2, 0) = (0.8808, 0.1192), no scaling."""
    lesson = {"title": "Exit ticket: softmax of (2, 0)", "tokens": ["x1", "x2"],
              "scale": "none",
              "X": [[1, 0], [0, 1]],
              "W_Q": [[2, 0], [0, 1]],
              "W_K": [[1, 0], [0, 1]],
              "W_V": [[1, 0], [0, 1]]}
    p = {k: np.array(v, dtype=float) for k, v in lesson.items() if k.startswith(("X", "W_"))}
    ref = reference(dict(p, scale="none"))
    assert ref["heads"][0]["scores"][0].tolist() == [2.0, 0.0]
    assert abs(ref["heads"][0]["weights"][0, 0] - 0.8808) < 5e-5
    write("exit_ticket", "numpy",
          "dialogue exit ticket: row 0 scores (2, 0) -> e^2/(e^2+1) = 0.8808, 0.1192; NumPy",
          lesson, ref)


# --------------------------------------------------------------------------------------
# 7. Raschka 2024
# --------------------------------------------------------------------------------------

# Printed in "Understanding and Coding Self-Attention, Multi-Head Attention, Causal-Attention,
# and Cross-Attention in LLMs", Sebastian Raschka, Ahead of AI, Jan 14 2024
# (magazine.sebastianraschka.com/p/understanding-and-coding-self-attention), the modernized
# version of his 2023 "Understanding and Coding the Self-Attention Mechanism of Large Language
# Models From Scratch".
RASCHKA_PUBLISHED = {
    "omega_2": [-0.6004, 3.4707, -1.5023, 0.4991, 1.2903, -1.3374],
    "attention_weights_2": [0.0386, 0.6870, 0.0204, 0.0840, 0.1470, 0.0229],
    "context_vector_2": [0.5313, 1.3607, 0.7891, 1.3110],
}


def raschka_2024_fixture():
    """Raschka's 2024 article, rerun here: the inputs come from torch's seeded RNG (float32).

    The float32 inputs are stored exactly as float64 literals; expected values are recomputed
    in float64 for all rows and, for row 2 ("is"), checked against the printed tensors.
    """
    sentence = "Life is short, eat dessert first"
    words = sentence.replace(",", "").split()
    vocab = sorted(words)
    ids = [vocab.index(w) for w in words]
    torch.manual_seed(123)
    embed = torch.nn.Embedding(50_000, 3)
    X = embed(torch.tensor(ids)).detach()
    torch.manual_seed(123)
    W_query, W_key, W_value = torch.rand(3, 2), torch.rand(3, 2), torch.rand(3, 4)
    lesson = {"title": "Raschka (2024): Life is short, eat dessert first",
              "tokens": words, "vocab": vocab,
              "X": X.double(), "W_Q": W_query.double(), "W_K": W_key.double(),
              "W_V": W_value.double()}
    p = {k: np.asarray(plain(lesson[k])) for k in ("X", "W_Q", "W_K", "W_V")}
    ref = reference(p)
    ref["token_ids"] = ids
    h = ref["heads"][0]
    computed = {"omega_2": h["scores"][1], "attention_weights_2": h["weights"][1],
                "context_vector_2": h["Z"][1]}
    for key, pub in RASCHKA_PUBLISHED.items():
        assert np.abs(np.round(computed[key], 4) - np.array(pub)).max() < 1e-9, key
    write("raschka_2024", "published",
          "Raschka, Ahead of AI (2024-01-14) self-attention article: torch.manual_seed(123) "
          "Embedding(50000,3), rand W's; full rows in NumPy float64; 'published' = printed tensors",
          lesson, ref, published=RASCHKA_PUBLISHED)


# --------------------------------------------------------------------------------------
# 8. Masks
# --------------------------------------------------------------------------------------


def masks_fixtures():
    """Every mask form: causal, padding, an explicit 0/1 matrix, and a fully hidden row.

    Hidden cells are null in "masked" and exactly 0 in "weights"; a row with no visible
    key has all-zero weights and Z, and is listed in "empty_rows".
    """
    cases = [
        ("masks_causal", 11, 4, 2, "causal", False),
        ("masks_padding", 12, 5, 1, {"padding": [False, False, False, True, True]}, False),
        ("masks_matrix", 13, 4, 1, [[1, 1, 0, 0], [0, 1, 1, 0], [1, 0, 1, 1], [0, 0, 0, 1]], False),
        ("masks_empty_row", 14, 4, 1, [[1, 0, 0, 0], [0, 0, 0, 0], [1, 1, 1, 0], [1, 0, 1, 1]],
         True),
    ]
    for name, seed, n, h, mask, with_wo in cases:
        d = 4
        lesson = {"tokens": [f"w{i}" for i in range(n)], "heads": h, "mask": mask,
                  "X": literal(seed, (n, d)), "W_Q": literal(seed + 100, (d, 2 * h)),
                  "W_K": literal(seed + 200, (d, 2 * h)), "W_V": literal(seed + 300, (d, 3 * h))}
        if with_wo:
            lesson["W_O"] = literal(seed + 400, (3 * h, 2))
        p = {k: v for k, v in lesson.items() if k.startswith(("X", "W_"))}
        ref = reference(dict(p, heads=h, mask=mask), with_masked=True)
        if name == "masks_empty_row":
            assert ref["heads"][0]["empty_rows"] == [1]
        write(name, "numpy", f"literal 2-decimal matrices, mask {json.dumps(mask)}; NumPy",
              lesson, ref)


# --------------------------------------------------------------------------------------
# 9. Alignment functions
# --------------------------------------------------------------------------------------


def alignment_fixtures():
    """One case per alignment function (formulas from core/lesson-format.md), unscaled,
    plus scaled_dot with an explicit numeric divisor. The cosine case has an all-zero token,
    whose zero-norm query/key must give score 0."""
    n, d, d_k, d_a = 3, 3, 2, 3
    cases = [
        ("alignment_dot", "dot", "none", {}),
        ("alignment_general", "general", "none", {"W_a": (d_k, d_k)}),
        ("alignment_additive", "additive", "none", {"W_1": (d_k, d_a), "W_2": (d_k, d_a),
                                                    "v_a": (d_a,)}),
        ("alignment_cosine", "cosine", "none", {}),
        ("alignment_location", "location", "none", {"W_a": (d_k, n)}),
        ("alignment_scaled_dot_scale2_5", "scaled_dot", 2.5, {}),
    ]
    for k, (name, score, scale, params) in enumerate(cases):
        seed = 50 + 10 * k
        X = literal(seed, (n, d))
        if score == "cosine":
            X[2] = 0.0
        lesson = {"tokens": ["a", "b", "c"], "score": score, "scale": scale, "X": X,
                  "W_Q": literal(seed + 1, (d, d_k)), "W_K": literal(seed + 2, (d, d_k)),
                  "W_V": literal(seed + 3, (d, 2))}
        for j, (pname, shape) in enumerate(params.items()):
            lesson[pname] = literal(seed + 4 + j, shape)
        p = {key: v for key, v in lesson.items() if isinstance(v, np.ndarray)}
        ref = reference(dict(p, score=score, scale=scale))
        write(name, "numpy", f"score '{score}', scale {json.dumps(scale)}, literal 2-decimal "
              "matrices; NumPy", lesson, ref)


def main():
    numpy_stream_fixtures()
    lecture20_fixture()
    torch_mha_fixtures()
    toy_dk4_fixture()
    retrieval_toy_fixture()
    exit_ticket_fixture()
    raschka_2024_fixture()
    masks_fixtures()
    alignment_fixtures()
    print(f"wrote {len(written)} fixtures to {OUT_DIR.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
