// A whole Transformer layer (a lesson with "layer") as code a student can run: NumPy that computes every sub-layer
// by hand, and PyTorch that builds nn.TransformerEncoderLayer / nn.TransformerDecoderLayer, loads the lesson's weights
// and runs it. Both carry the numbers the engine used (drawn or literal) as literals — JavaScript writes the shortest
// text that reads back to the same double — so they reproduce the engine's layer.output (tests/node/export-layer.test.mjs
// runs them through python3 and compares to 1e-9). The correspondence is core/lesson-format.md's table.
import { GENERATOR } from './version.js';

const num = (x) => (Number.isFinite(x) ? String(x) : 'float("nan")');
const rowsOf = (m) => Array.from({ length: m.rows }, (_, i) => `[${Array.from(m.data.subarray(i * m.cols, (i + 1) * m.cols), num).join(', ')}]`);
const literal = (m) => `np.array([${rowsOf(m).join(',\n    ')}])`;
const vector = (m) => `np.array([${Array.from(m.data, num).join(', ')}])`;

/** The arrays every export defines: the stream entering the layer, the weights, the source, the mask. */
function arrays(lesson, t, L) {
  const d = t.dModel;
  const zerosOf = (n) => `np.zeros(${n})`;
  L.push('# the stream entering the layer: X' + (t.P ? ' + P (positions)' : ''));
  L.push(`x = ${literal(t.layer.input)}`, '');
  for (const [prefix, prefixOut] of [['', ''], ...(t.cross ? [['cross.', 'c_']] : [])]) {
    for (const W of ['W_Q', 'W_K', 'W_V']) L.push(`${prefixOut}${W} = ${literal(t.inputs[prefix + W])}`);
    const hv = t.inputs[`${prefix}W_V`].cols;
    L.push(`${prefixOut}W_O = ${t.inputs[`${prefix}W_O`] ? literal(t.inputs[`${prefix}W_O`]) : `np.eye(${hv})`}`);
    for (const [b, size] of [['b_Q', t.inputs[`${prefix}W_Q`].cols], ['b_K', t.inputs[`${prefix}W_K`].cols], ['b_V', hv], ['b_O', d]]) {
      L.push(`${prefixOut}${b} = ${t.inputs[prefix + b] ? vector(t.inputs[prefix + b]) : zerosOf(size)}`);
    }
  }
  const k = t.cross ? 3 : 2;
  for (let i = 1; i <= k; i++) L.push(`gamma${i} = ${vector(t.inputs[`layer.ln${i}.gamma`])}`, `beta${i} = ${vector(t.inputs[`layer.ln${i}.beta`])}`);
  const dFf = t.inputs['layer.W_ff1'].cols;
  L.push(`W_ff1 = ${literal(t.inputs['layer.W_ff1'])}`, `b_ff1 = ${t.inputs['layer.b_ff1'] ? vector(t.inputs['layer.b_ff1']) : zerosOf(dFf)}`);
  L.push(`W_ff2 = ${literal(t.inputs['layer.W_ff2'])}`, `b_ff2 = ${t.inputs['layer.b_ff2'] ? vector(t.inputs['layer.b_ff2']) : zerosOf(d)}`);
  const n = t.tokens.length;
  const visible = Array.from({ length: n }, (_, i) => `[${Array.from(t.visible.subarray(i * n, (i + 1) * n), (v) => (v ? 'True' : 'False')).join(', ')}]`);
  L.push('# which keys each query may see (the lesson\'s mask): True = visible', `visible = np.array([${visible.join(', ')}])`);
  if (t.cross) {
    const m = t.source.tokens.length;
    L.push(`memory = ${literal(t.source.X)}  # source.X: the encoder's output`);
    L.push(`memory_padding = np.array([${Array.from({ length: m }, (_, j) => (t.cross.visible[j] ? 'False' : 'True')).join(', ')}])`);
  }
  L.push(`heads, eps = ${t.heads}, ${num(t.layer.eps)}`, '');
}

/** "copy as NumPy" for a layer lesson: every sub-layer by hand; prints layer.output as JSON. */
export function layerNumpyCode(lesson, t) {
  const L = [`# ${GENERATOR} — this ${t.cross ? 'decoder' : 'encoder'} layer in NumPy (float64), the numbers the engine used.`,
    'import json', 'import math', 'import numpy as np', ''];
  arrays(lesson, t, L);
  L.push('def layer_norm(x, gamma, beta):', '    mean = x.mean(axis=1, keepdims=True)', '    var = ((x - mean) ** 2).mean(axis=1, keepdims=True)  # biased, as PyTorch',
    '    return (x - mean) / np.sqrt(var + eps) * gamma + beta', '');
  L.push('def attention(q_in, kv_in, W_Q, W_K, W_V, W_O, b_Q, b_K, b_V, b_O, visible, divisor):',
    '    Q, K, V = q_in @ W_Q + b_Q, kv_in @ W_K + b_K, kv_in @ W_V + b_V',
    '    dk, dv = Q.shape[1] // heads, V.shape[1] // heads', '    Z = []',
    '    for h in range(heads):',
    '        s = (Q[:, h*dk:(h+1)*dk] @ K[:, h*dk:(h+1)*dk].T) / divisor',
    "        s = np.where(visible, s, -np.inf)",
    '        mx = s.max(axis=1, keepdims=True)',
    '        e = np.where(visible, np.exp(s - np.where(np.isfinite(mx), mx, 0)), 0.0)',
    '        sm = e.sum(axis=1, keepdims=True)',
    '        A = np.divide(e, sm, out=np.zeros_like(e), where=sm > 0)',
    '        Z.append(A @ V[:, h*dv:(h+1)*dv])',
    '    return np.concatenate(Z, axis=1) @ W_O + b_O', '');
  const act = t.layer.activation === 'gelu' ? 'h * 0.5 * (1 + np.vectorize(math.erf)(h / math.sqrt(2)))  # GELU, the exact erf form' : 'np.maximum(h, 0)  # ReLU';
  L.push('def ffn(x):', '    h = x @ W_ff1 + b_ff1', `    a = ${act}`, '    return a @ W_ff2 + b_ff2', '');
  L.push(`self_attention = lambda s: attention(s, s, W_Q, W_K, W_V, W_O, b_Q, b_K, b_V, b_O, visible, ${num(t.divisor)})`);
  if (t.cross) L.push(`cross_attention = lambda s: attention(s, memory, c_W_Q, c_W_K, c_W_V, c_W_O, c_b_Q, c_b_K, c_b_V, c_b_O, np.tile(~memory_padding, (s.shape[0], 1)), ${num(t.cross.divisor)})`);
  const subs = ['self_attention', ...(t.cross ? ['cross_attention'] : []), 'ffn'];
  L.push('', 's = x');
  subs.forEach((f, i) => {
    L.push(t.layer.norm === 'pre' ? `s = s + ${f}(layer_norm(s, gamma${i + 1}, beta${i + 1}))` : `s = layer_norm(s + ${f}(s), gamma${i + 1}, beta${i + 1})`);
  });
  L.push('', 'print(json.dumps(s.tolist()))  # layer.output');
  return L.join('\n') + '\n';
}

/** Why a layer lesson cannot be PyTorch's layer as it is (PyTorch scores scaled dot products with d_k = d_model / h), or null. */
export function torchMismatch(lesson, t) {
  if ((lesson.score ?? 'scaled_dot') !== 'scaled_dot') return `PyTorch's layers score with scaled dot products; this lesson uses ${lesson.score}`;
  if (lesson.scale !== undefined && lesson.scale !== 'sqrt_dk') return 'PyTorch divides scores by √d_k; this lesson sets its own scale';
  for (const prefix of ['', ...(t.cross ? ['cross.'] : [])]) {
    for (const W of ['W_Q', 'W_K', 'W_V']) if (t.inputs[prefix + W].cols !== t.dModel) return `PyTorch's attention needs ${prefix}${W} of d_model × d_model (h · d_k = d_model)`;
  }
  return null;
}

/** "copy as PyTorch" for a layer lesson: nn.TransformerEncoderLayer / DecoderLayer with the lesson's weights. */
export function layerPytorchCode(lesson, t) {
  const why = torchMismatch(lesson, t);
  if (why) return `# ${GENERATOR}\n# ${why}, so it is not one of torch.nn's layers: use the NumPy export, which computes it exactly.\n`;
  const decoder = Boolean(t.cross), d = t.dModel;
  const L = [`# ${GENERATOR} — this ${decoder ? 'decoder' : 'encoder'} layer as torch.nn.Transformer${decoder ? 'Decoder' : 'Encoder'}Layer (float64, dropout 0).`,
    '# Correspondence (core/lesson-format.md): in_proj_weight = [W_Q | W_K | W_V].T, out_proj.weight = W_O.T,',
    '# linear1.weight = W_ff1.T, linear2.weight = W_ff2.T, norm1.weight = ln1.gamma, norm1.bias = ln1.beta, …',
    'import json', 'import numpy as np', 'import torch', ''];
  arrays(lesson, t, L);
  const T = (x) => `torch.tensor(${x}, dtype=torch.float64)`;
  const cls = decoder ? 'TransformerDecoderLayer' : 'TransformerEncoderLayer';
  L.push(`layer = torch.nn.${cls}(${d}, heads, dim_feedforward=${t.inputs['layer.W_ff1'].cols}, dropout=0.0, activation="${t.layer.activation}",`,
    `    layer_norm_eps=eps, batch_first=True, norm_first=${t.layer.norm === 'pre' ? 'True' : 'False'}, dtype=torch.float64)`);
  L.push('with torch.no_grad():');
  const load = (module, p) => {
    L.push(`    layer.${module}.in_proj_weight.copy_(${T(`np.concatenate([${p}W_Q, ${p}W_K, ${p}W_V], axis=1).T`)})`);
    L.push(`    layer.${module}.in_proj_bias.copy_(${T(`np.concatenate([${p}b_Q, ${p}b_K, ${p}b_V])`)})`);
    L.push(`    layer.${module}.out_proj.weight.copy_(${T(`${p}W_O.T`)})`, `    layer.${module}.out_proj.bias.copy_(${T(`${p}b_O`)})`);
  };
  load('self_attn', '');
  if (decoder) load('multihead_attn', 'c_');
  L.push(`    layer.linear1.weight.copy_(${T('W_ff1.T')}); layer.linear1.bias.copy_(${T('b_ff1')})`);
  L.push(`    layer.linear2.weight.copy_(${T('W_ff2.T')}); layer.linear2.bias.copy_(${T('b_ff2')})`);
  for (let i = 1; i <= (decoder ? 3 : 2); i++) L.push(`    layer.norm${i}.weight.copy_(${T(`gamma${i}`)}); layer.norm${i}.bias.copy_(${T(`beta${i}`)})`);
  L.push('layer.eval()', '');
  L.push('# PyTorch\'s masks say what is hidden: True = may not attend', 'mask = torch.tensor(~visible)');
  L.push('src = torch.tensor(x, dtype=torch.float64).unsqueeze(0)  # a batch of one');
  if (decoder) {
    L.push('mem = torch.tensor(memory, dtype=torch.float64).unsqueeze(0)');
    L.push('with torch.no_grad():', '    out = layer(src, mem, tgt_mask=mask, memory_key_padding_mask=torch.tensor(memory_padding).unsqueeze(0))[0]');
  } else {
    L.push('with torch.no_grad():', '    out = layer(src, src_mask=mask)[0]');
  }
  L.push('', 'print(json.dumps(out.tolist()))  # layer.output');
  return L.join('\n') + '\n';
}
