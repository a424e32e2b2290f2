#!/usr/bin/python3
"""Write the golden fixtures of the Transformer layer: tests/fixtures/golden/layer_*.json.

Encoder and decoder layers come from PyTorch itself (torch.nn.TransformerEncoderLayer and
TransformerDecoderLayer, float64, batch_first=True, dropout=0), with random weights; positions, biases
and a cross-attention without a layer from NumPy, written from the lesson format. Each fixture pairs the
lesson (core/lesson-format.md) with what the independent implementation gives for it.

    /usr/bin/python3 scripts/make_layer_fixtures.py     (needs python3-numpy and python3-torch)

Deterministic: re-running rewrites byte-identical files. No network is used.
"""
import json
from pathlib import Path

import numpy as np
import torch
from torch import nn

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "tests" / "fixtures" / "golden"
torch.set_default_dtype(torch.float64)


def rows(a):
    return [[float(v) for v in r] for r in np.asarray(a, dtype=np.float64)]


def vec(a):
    return [float(v) for v in np.asarray(a, dtype=np.float64)]


def sinusoidal(n, d):
    """Vaswani et al.: P[p][2i] = sin(p / 10000^(2i/d)), P[p][2i+1] = cos(same)."""
    P = np.zeros((n, d))
    for p in range(n):
        for i in range(0, d, 2):
            angle = p / np.power(10000.0, i / d)
            P[p, i] = np.sin(angle)
            if i + 1 < d:
                P[p, i + 1] = np.cos(angle)
    return P


def randomize(module, gen, scale=0.5):
    with torch.no_grad():
        for p in module.parameters():
            p.copy_(torch.randn(p.shape, generator=gen) * scale)
        # γ near 1 as a trained model has them, β small.
        for name, p in module.named_parameters():
            if name.startswith("norm") and name.endswith("weight"):
                p.copy_(1 + torch.randn(p.shape, generator=gen) * 0.2)


def attention_weights(mha, d):
    """The lesson-format names of a torch MultiheadAttention's weights (row-vector convention)."""
    W = mha.in_proj_weight.detach().numpy()
    b = mha.in_proj_bias.detach().numpy()
    return {"W_Q": rows(W[:d].T), "W_K": rows(W[d:2 * d].T), "W_V": rows(W[2 * d:].T),
            "W_O": rows(mha.out_proj.weight.detach().numpy().T),
            "b_Q": vec(b[:d]), "b_K": vec(b[d:2 * d]), "b_V": vec(b[2 * d:]),
            "b_O": vec(mha.out_proj.bias.detach().numpy())}


def layer_fields(layer, norms, activation, norm_first):
    f = {"norm": "pre" if norm_first else "post", "eps": layer.norm1.eps, "activation": activation,
         "W_ff1": rows(layer.linear1.weight.detach().numpy().T), "b_ff1": vec(layer.linear1.bias.detach().numpy()),
         "W_ff2": rows(layer.linear2.weight.detach().numpy().T), "b_ff2": vec(layer.linear2.bias.detach().numpy())}
    for k in range(1, norms + 1):
        ln = getattr(layer, f"norm{k}")
        f[f"ln{k}"] = {"gamma": vec(ln.weight.detach().numpy()), "beta": vec(ln.bias.detach().numpy())}
    return f


def causal_mask(n):
    return torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)  # True = hidden


def encoder_fixture(name, seed, n, d, h, d_ff, activation, norm_first, mask=None, positions=False):
    gen = torch.Generator().manual_seed(seed)
    layer = nn.TransformerEncoderLayer(d, h, d_ff, dropout=0.0, activation=activation, batch_first=True,
                                       norm_first=norm_first)
    randomize(layer, gen)
    layer.train()  # the plain path (eval mode may take a fused "fast path"); dropout is 0 either way
    X = torch.randn(n, d, generator=gen)
    x = X + torch.from_numpy(sinusoidal(n, d)) if positions else X
    src_mask = causal_mask(n) if mask == "causal" else None
    pad = None
    if isinstance(mask, dict):
        pad = torch.tensor([mask["padding"]])
    with torch.no_grad():
        out = layer(x[None], src_mask=src_mask, src_key_padding_mask=pad)[0]
        attn_in = layer.norm1(x[None]) if norm_first else x[None]
        attention = layer._sa_block(attn_in, src_mask, pad)[0]
    lesson = {"tokens": [f"w{i}" for i in range(n)], "X": rows(X.numpy()), "heads": h}
    lesson.update(attention_weights(layer.self_attn, d))
    lesson["layer"] = layer_fields(layer, 2, activation, norm_first)
    if mask is not None:
        lesson["mask"] = mask
    if positions:
        lesson["positions"] = "sinusoidal"
    expected = {"layer_output": rows(out.numpy()), "output": rows(attention.numpy())}
    if positions:
        expected["P"] = rows(sinusoidal(n, d))
    return {"name": name, "source": f"torch {torch.__version__} nn.TransformerEncoderLayer, float64",
            "tolerance": 1e-12, "lesson": lesson, "expected": expected}


def decoder_fixture(name, seed, n, m, d, h, d_ff, activation, norm_first, causal=True, source_padding=None,
                    positions=False):
    gen = torch.Generator().manual_seed(seed)
    layer = nn.TransformerDecoderLayer(d, h, d_ff, dropout=0.0, activation=activation, batch_first=True,
                                       norm_first=norm_first)
    randomize(layer, gen)
    layer.train()
    X = torch.randn(n, d, generator=gen)
    memory = torch.randn(m, d, generator=gen)
    x = X + torch.from_numpy(sinusoidal(n, d)) if positions else X
    tgt_mask = causal_mask(n) if causal else None
    mem_pad = torch.tensor([source_padding]) if source_padding else None
    with torch.no_grad():
        out = layer(x[None], memory[None], tgt_mask=tgt_mask, memory_key_padding_mask=mem_pad)[0]
        # The stream at the cross-attention, to read its weights (the layer does not return them).
        if norm_first:
            s = x[None] + layer._sa_block(layer.norm1(x[None]), tgt_mask, None)
            attention = layer._sa_block(layer.norm1(x[None]), tgt_mask, None)[0]
            q_in = layer.norm2(s)
        else:
            attention = layer._sa_block(x[None], tgt_mask, None)[0]
            q_in = layer.norm1(x[None] + layer._sa_block(x[None], tgt_mask, None))
        _, weights = layer.multihead_attn(q_in, memory[None], memory[None], key_padding_mask=mem_pad,
                                          need_weights=True, average_attn_weights=False)
    lesson = {"tokens": [f"y{i}" for i in range(n)], "X": rows(X.numpy()), "heads": h}
    lesson.update(attention_weights(layer.self_attn, d))
    if causal:
        lesson["mask"] = "causal"
    if positions:
        lesson["positions"] = "sinusoidal"
    lesson["source"] = {"tokens": [f"x{j}" for j in range(m)], "X": rows(memory.numpy())}
    if source_padding:
        lesson["source"]["padding"] = source_padding
    lesson["cross"] = attention_weights(layer.multihead_attn, d)
    lesson["layer"] = layer_fields(layer, 3, activation, norm_first)
    expected = {"layer_output": rows(out.numpy()), "output": rows(attention.numpy()),
                "cross_weights": [rows(w.numpy()) for w in weights[0]]}
    return {"name": name, "source": f"torch {torch.__version__} nn.TransformerDecoderLayer, float64",
            "tolerance": 1e-12, "lesson": lesson, "expected": expected}


def softmax_rows(s, visible):
    s = np.where(visible, s, -np.inf)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def numpy_attention_fixture(name, seed, n, m, d, h, cross, positions=None, padding=None):
    """Positions, biases and (cross) multi-head attention by NumPy, from the lesson format."""
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    S = rng.standard_normal((m, d)) if cross else None
    dk = 3
    W = {k: rng.standard_normal((d, h * dk)) * 0.5 for k in ("W_Q", "W_K", "W_V")}
    W["W_O"] = rng.standard_normal((h * dk, d)) * 0.5
    b = {"b_Q": rng.standard_normal(h * dk), "b_K": rng.standard_normal(h * dk), "b_V": rng.standard_normal(h * dk),
         "b_O": rng.standard_normal(d)}
    lesson = {"tokens": [f"t{i}" for i in range(n)], "X": rows(X), "heads": h}
    P = None
    if positions == "sinusoidal":
        P = sinusoidal(n, d)
        lesson["positions"] = "sinusoidal"
    elif positions == "learned":
        P = rng.standard_normal((n, d)) * 0.1
        lesson["positions"] = rows(P)
    x = X + P if P is not None else X
    kv = S if cross else x
    keys = m if cross else n
    visible = np.ones((n, keys), dtype=bool)
    if padding:
        visible[:, np.array(padding)] = False
        lesson["mask"] = {"padding": padding}
    Q, K, V = x @ W["W_Q"] + b["b_Q"], kv @ W["W_K"] + b["b_K"], kv @ W["W_V"] + b["b_V"]
    heads, Zs = [], []
    for i in range(h):
        c = slice(i * dk, (i + 1) * dk)
        w = softmax_rows(Q[:, c] @ K[:, c].T / np.sqrt(dk), visible)
        heads.append({"Q": rows(Q[:, c]), "K": rows(K[:, c]), "weights": rows(w)})
        Zs.append(w @ V[:, c])
    output = np.concatenate(Zs, axis=1) @ W["W_O"] + b["b_O"]
    for k, v in W.items():
        lesson[k] = rows(v)
    for k, v in b.items():
        lesson[k] = vec(v)
    if cross:
        lesson["source"] = {"tokens": [f"s{j}" for j in range(m)], "X": rows(S)}
    expected = {"heads": heads, "output": rows(output)}
    if P is not None:
        expected["P"] = rows(P)
    return {"name": name, "source": "NumPy float64, from core/lesson-format.md", "tolerance": 1e-12,
            "lesson": lesson, "expected": expected}


FIXTURES = [
    encoder_fixture("layer_encoder_post_relu_h2", 1, n=5, d=8, h=2, d_ff=16, activation="relu", norm_first=False),
    encoder_fixture("layer_encoder_pre_gelu_h4_causal_sinusoidal", 2, n=6, d=8, h=4, d_ff=12, activation="gelu",
                    norm_first=True, mask="causal", positions=True),
    encoder_fixture("layer_encoder_post_gelu_h3_padding", 3, n=5, d=6, h=3, d_ff=10, activation="gelu",
                    norm_first=False, mask={"padding": [False, False, True, False, True]}),
    encoder_fixture("layer_encoder_pre_relu_h1", 4, n=3, d=4, h=1, d_ff=8, activation="relu", norm_first=True),
    decoder_fixture("layer_decoder_post_relu_h2_causal_memory_padding", 5, n=4, m=5, d=8, h=2, d_ff=16,
                    activation="relu", norm_first=False, source_padding=[False, False, False, True, True]),
    decoder_fixture("layer_decoder_pre_gelu_h4_causal_sinusoidal", 6, n=5, m=3, d=8, h=4, d_ff=12,
                    activation="gelu", norm_first=True, positions=True),
    decoder_fixture("layer_decoder_post_gelu_h1_unmasked", 7, n=3, m=4, d=6, h=1, d_ff=6, activation="gelu",
                    norm_first=False, causal=False),
    decoder_fixture("layer_decoder_pre_relu_h2_memory_padding", 8, n=4, m=4, d=4, h=2, d_ff=8, activation="relu",
                    norm_first=True, source_padding=[True, False, False, False]),
    numpy_attention_fixture("layer_cross_attention_biases_h2_padding", 9, n=4, m=5, d=6, h=2, cross=True,
                            padding=[False, True, False, False, True]),
    numpy_attention_fixture("layer_positions_sinusoidal_odd_biases", 10, n=5, m=0, d=5, h=1, cross=False,
                            positions="sinusoidal"),
    numpy_attention_fixture("layer_positions_learned_h2", 11, n=4, m=0, d=6, h=2, cross=False, positions="learned"),
]

if __name__ == "__main__":
    for f in FIXTURES:
        path = OUT_DIR / f"{f['name']}.json"
        path.write_text(json.dumps(f, indent=1) + "\n")
        print("wrote", path.relative_to(ROOT))
