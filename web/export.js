// Exports of the current state, built from the lesson and its trace (never from the DOM): heatmaps as SVG
// (labels, numbers, legend, shape) and PNG (the SVG drawn on a canvas), every matrix as CSV, and NumPy /
// PyTorch code that recreates the inputs (the same seed and draws, or the literal numbers) and computes
// the same attention. Every file names the version that made it (web/version.js).
import { RAMP_STOPS, cssColor, diverging, sequential, textColorFor } from './colors.js';
import { shownNumber as formatNumber } from './numbers.js';
import { escapeHtml } from './lib/escape.js';
import { toRows } from './matrix.js';
import { GENERATOR } from './version.js';
import { LAYER_MATRICES, labelsOf } from './registry-layer.js';

const TITLES = { X: 'X (embeddings)', W_Q: 'W_Q', W_K: 'W_K', W_V: 'W_V', W_O: 'W_O', Q: 'Q', K: 'K', V: 'V', scores: 'scores = Q·Kᵀ',
  scaled: 'scaled = scores / divisor', weights: 'weights A = softmax', Z: 'Z = A·V', concat: 'concat', output: 'output' };

/** Every matrix of the current state, in pipeline order: {key, name, head, title, rows, rowLabels, colLabels, scale, digits, hidden}. */
export function matricesOf(trace, inputs) {
  const tk = trace.tokens, n = tk.length, H = trace.heads;
  const out = [];
  const add = (key, name, head, rows, opts = {}) => out.push({ key, name, head, rows, title: `${TITLES[name] ?? name}${head !== null && H > 1 ? ` (head ${head + 1})` : ''}`, scale: 'diverging', digits: 2, ...opts });
  add('X', 'X', null, inputs.X, { rowLabels: tk });
  for (const W of ['W_Q', 'W_K', 'W_V']) if (inputs[W]) add(W, W, null, inputs[W]);
  const hidden = (i, j) => trace.visible[i * n + j] === 0;
  trace.headTraces.forEach((h, k) => {
    for (const M of ['Q', 'K', 'V']) add(`${M}${k}`, M, k, toRows(h[M]), { rowLabels: tk });
    add(`scores${k}`, 'scores', k, toRows(h.scores), { rowLabels: tk, colLabels: tk, hidden });
    add(`scaled${k}`, 'scaled', k, toRows(h.scaled), { rowLabels: tk, colLabels: tk, hidden });
    add(`weights${k}`, 'weights', k, toRows(h.weights), { rowLabels: tk, colLabels: tk, hidden, scale: 'sequential', digits: 3 });
    add(`Z${k}`, 'Z', k, toRows(h.Z), { rowLabels: tk });
  });
  if (H > 1 || inputs.W_O) add('concat', 'concat', null, toRows(trace.concat), { rowLabels: tk });
  if (inputs.W_O) { add('W_O', 'W_O', null, inputs.W_O); add('output', 'output', null, toRows(trace.output), { rowLabels: tk }); }
  // positions, a decoder's cross-attention and the layer (web/registry-layer.js), where the trace has them
  for (const [name, m] of Object.entries(LAYER_MATRICES)) {
    const heads = m.perHead ? Array.from({ length: H }, (_, h) => h) : [null];
    for (const h of heads) {
      let value = null;
      try { value = m.value(trace, h ?? 0); } catch { value = null; }
      if (!value || out.some((x) => x.key === name)) continue;
      const cols = name === 'cross_Z' ? null : labelsOf(trace, m.cols);
      out.push({ key: `${name}${h ?? ''}`, name, head: h, rows: toRows(value), title: `${m.title}${h !== null && H > 1 ? ` (head ${h + 1})` : ''}`,
        rowLabels: labelsOf(trace, m.rows), ...(cols ? { colLabels: cols } : {}), scale: m.scale ?? 'diverging', digits: m.digits ?? 2 });
    }
  }
  return out;
}

const xml = escapeHtml;
const clip = (s, k) => (s.length > k ? `${s.slice(0, k - 1)}…` : s);

/** One heatmap as a standalone SVG: {svg, width, height}. words: the page's language's {title, hidden} (the note
 *  under a masked matrix), English without them. */
export function heatmapSvg(m, words = {}) {
  const title = words.title ?? m.title, hiddenNote = words.hidden ?? 'hidden by the mask (weight 0)';
  const rows = m.rows.length, cols = rows ? m.rows[0].length : 0;
  const cw = 52, ch = 30, gap = 2, font = 'system-ui, -apple-system, Segoe UI, Roboto, Noto Sans, DejaVu Sans, sans-serif';
  const rowLabels = m.rowLabels ?? Array.from({ length: rows }, (_, i) => String(i + 1));
  const colLabels = m.colLabels ?? Array.from({ length: cols }, (_, j) => String(j + 1));
  const left = 16 + Math.min(12, Math.max(...rowLabels.map((s) => s.length), 1)) * 7.5;
  const top = 58;
  const gridW = cols * (cw + gap), gridH = rows * (ch + gap);
  const width = Math.ceil(Math.max(left + gridW + 16, 320)), height = Math.ceil(top + gridH + 64);
  let lim = 0;
  if (m.scale !== 'sequential') m.rows.forEach((r, i) => r.forEach((v, j) => { if (Number.isFinite(v) && !m.hidden?.(i, j)) lim = Math.max(lim, Math.abs(v)); }));
  const [lo, hi] = m.scale === 'sequential' ? [0, 1] : [-lim, lim];
  const stops = RAMP_STOPS[m.scale === 'sequential' ? 'sequential' : 'diverging'];
  const parts = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${font}">`);
  parts.push(`<metadata>${xml(GENERATOR)}</metadata>`);
  parts.push(`<defs><linearGradient id="legend" x1="0" x2="1" y1="0" y2="0">${stops.map((c, k) => `<stop offset="${k / (stops.length - 1)}" stop-color="${c}"/>`).join('')}</linearGradient>`);
  parts.push('<pattern id="hatch" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#f1f1f1"/><rect width="4" height="8" fill="#d9d9d9"/></pattern></defs>');
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  parts.push(`<text x="12" y="24" font-size="16" font-weight="700" fill="#1b1f24">${xml(title)}</text>`);
  colLabels.forEach((c, j) => parts.push(`<text x="${left + j * (cw + gap) + cw / 2}" y="${top - 8}" font-size="11" text-anchor="middle" fill="#5b6470">${xml(clip(c, 7))}</text>`));
  m.rows.forEach((r, i) => {
    const y = top + i * (ch + gap);
    parts.push(`<text x="${left - 6}" y="${y + ch / 2 + 4}" font-size="11" text-anchor="end" fill="#5b6470">${xml(clip(rowLabels[i], 12))}</text>`);
    r.forEach((v, j) => {
      const x = left + j * (cw + gap);
      const hid = Boolean(m.hidden?.(i, j));
      const rgb = m.scale === 'sequential' ? sequential(v) : diverging(v, hi);
      parts.push(`<rect x="${x}" y="${y}" width="${cw}" height="${ch}" rx="3" fill="${hid ? 'url(#hatch)' : cssColor(rgb)}"/>`);
      parts.push(`<text x="${x + cw / 2}" y="${y + ch / 2 + 4}" font-size="12" text-anchor="middle" fill="${hid ? '#555' : textColorFor(rgb)}">${xml(formatNumber(v, m.digits))}</text>`);
    });
  });
  const ly = top + gridH + 18;
  parts.push(`<text x="12" y="${ly + 10}" font-size="12" font-weight="600" fill="#5b6470">${rows} × ${cols}</text>`);
  parts.push(`<text x="90" y="${ly + 10}" font-size="11" text-anchor="end" fill="#5b6470" dx="0">${xml(formatNumber(lo, 2))}</text>`);
  parts.push(`<rect x="96" y="${ly}" width="140" height="12" rx="2" fill="url(#legend)" stroke="#bbbbbb"/>`);
  parts.push(`<text x="242" y="${ly + 10}" font-size="11" fill="#5b6470">${xml(formatNumber(hi, 2))}</text>`);
  if (m.hidden && m.rows.some((r, i) => r.some((_, j) => m.hidden(i, j)))) {
    parts.push(`<rect x="12" y="${ly + 20}" width="14" height="12" fill="url(#hatch)"/><text x="32" y="${ly + 30}" font-size="11" fill="#5b6470">${xml(hiddenNote)}</text>`);
  }
  parts.push('</svg>');
  return { svg: parts.join(''), width, height };
}

/** The SVG drawn on a canvas at `scale` × its size: a PNG Blob. */
export async function svgToPng(svg, width, height, scale = 2) {
  const img = new Image();
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    img.src = url;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const ctx = canvas.getContext('2d');
    ctx.scale(scale, scale);
    ctx.drawImage(img, 0, 0, width, height);
    const png = await new Promise((done, fail) => canvas.toBlob((b) => (b ? done(b) : fail(new Error('the canvas gave no PNG'))), 'image/png'));
    return new Blob([withPngText(new Uint8Array(await png.arrayBuffer()), 'Software', GENERATOR)], { type: 'image/png' });
  } finally {
    URL.revokeObjectURL(url);
  }
}

// CRC-32 (ISO 3309, as PNG chunks use it), one table built on first use.
let crcTable;
function crc32(bytes) {
  crcTable ??= Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The PNG with a tEXt chunk (keyword, Latin-1 text) right after its header chunk, where image viewers list it. */
export function withPngText(png, keyword, text) {
  const data = new TextEncoder().encode(`${keyword}\0${text.replace(/[^\x20-\x7e]/g, '?')}`);
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set([0x74, 0x45, 0x58, 0x74], 4); // "tEXt"
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  const afterHeader = 8 + 25; // signature, then IHDR: length, type, 13 bytes, CRC
  const out = new Uint8Array(png.length + chunk.length);
  out.set(png.subarray(0, afterHeader));
  out.set(chunk, afterHeader);
  out.set(png.subarray(afterHeader), afterHeader + chunk.length);
  return out;
}

const csvCell = (s) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
// A spreadsheet opens a cell starting with = + - @ as a formula: token text gets a leading apostrophe then.
const csvText = (s) => csvCell(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

/** Every matrix in one tidy CSV: matrix, head, row, row_label, col, value (17 significant digits round-trip),
 *  under one comment line naming the version (pandas: read_csv(path, skiprows=1)). */
export function matricesCsv(trace, inputs) {
  const lines = [`# ${GENERATOR}`, 'matrix,head,row,row_label,col,value'];
  for (const m of matricesOf(trace, inputs)) {
    m.rows.forEach((r, i) => r.forEach((v, j) => {
      lines.push([m.name, m.head === null ? '' : m.head + 1, i + 1, csvText(m.rowLabels?.[i] ?? ''), j + 1, Number.isFinite(v) ? String(v) : '-inf'].join(','));
    }));
  }
  return lines.join('\n') + '\n';
}

/** The lesson as a JSON file, with the version that wrote it (the engine ignores fields it does not know). */
export function lessonJson(lesson) {
  return JSON.stringify({ ...lesson, generator: GENERATOR }, null, 1) + '\n';
}

// ---------- code ----------
const num = (v) => (Object.is(v, -0) ? '0.0' : Number.isInteger(v) ? `${v}.0` : String(v));
const pyMatrix = (rows, indent = '    ') => `[\n${rows.map((r) => `${indent}[${r.map(num).join(', ')}]`).join(',\n')}\n]`;
const pyList = (xs) => `[${xs.map(num).join(', ')}]`;

/** The score function and the scale rule the engine used for this trace ("automatic" resolved by the engine). */
const recipe = (trace) => ({ score: trace.score, scale: trace.scale });

function inputsCode(lesson, trace, lines) {
  const literal = (name) => Array.isArray(lesson[name]) || (lesson[name] && typeof lesson[name] === 'object' && lesson[name].data);
  const rowsOf = (name) => (Array.isArray(lesson[name]) ? lesson[name] : toRows(lesson[name]));
  if (lesson.init) {
    const seed = lesson.init.seed ?? 0;
    lines.push(`np.random.seed(${seed})  # NumPy's legacy generator, drawn in this order`);
    for (const d of lesson.init.draws ?? []) {
      const shape = d.shape.join(', ');
      const fn = d.dist === 'rand' ? 'rand' : 'randn';
      const scaled = d.scale !== undefined && d.scale !== 1 ? ` * ${num(d.scale)}` : '';
      if (literal(d.name)) lines.push(`_ = np.random.${fn}(${shape})  # ${d.append ? 'more of ' : ''}${d.name} is drawn, then replaced by its edited numbers below`);
      else if (d.append) lines.push(`${d.name} = np.${d.append === 'rows' ? 'vstack' : 'hstack'}([${d.name}, np.random.${fn}(${shape})${scaled}])  # ${d.append === 'rows' ? 'new rows (new words)' : 'new columns (a new head)'}, drawn last`);
      else lines.push(`${d.name} = np.random.${fn}(${shape})${scaled}`);
    }
  }
  for (const name of ['E', 'X', 'W_Q', 'W_K', 'W_V', 'W_O', 'W_a', 'W_1', 'W_2']) {
    if (literal(name)) lines.push(`${name} = np.array(${pyMatrix(rowsOf(name))})`);
  }
  if (Array.isArray(lesson.v_a)) lines.push(`v_a = np.array(${Array.isArray(lesson.v_a[0]) ? pyMatrix(lesson.v_a) : pyList(lesson.v_a)}).reshape(-1)`);
  else if (lesson.init?.draws?.some((d) => d.name === 'v_a')) lines.push('v_a = v_a.reshape(-1)');
  const hasX = literal('X') || lesson.init?.draws?.some((d) => d.name === 'X');
  if (!hasX) {
    lines.push(`token_ids = ${JSON.stringify(trace.tokenIds)}  # each token's index in the vocabulary`);
    lines.push('X = E[token_ids]  # embedding lookup: one row per token');
  }
}

function maskCode(lesson, trace, lines, lib) {
  const n = trace.tokens.length;
  const mask = trace.mask; // the engine's reading of the lesson's mask field
  const arr = lib === 'np' ? 'np.array' : 'torch.tensor';
  const ones = lib === 'np' ? `np.ones((${n}, ${n}), dtype=bool)` : `torch.ones(${n}, ${n}, dtype=torch.bool)`;
  if (mask === 'none') lines.push(`visible = ${ones}  # no mask: every query sees every key`);
  else if (mask === 'causal') lines.push(`visible = ${lib}.tril(${ones})  # causal: a query sees itself and earlier tokens`);
  else if (mask === 'padding') {
    lines.push(`pad = ${arr}([${lesson.mask.padding.map((p) => (p ? 'True' : 'False')).join(', ')}])  # True = PAD token, hidden as a key`);
    lines.push(lib === 'np' ? `visible = np.broadcast_to(~pad, (${n}, ${n}))` : `visible = (~pad).expand(${n}, ${n})`);
  } else {
    const rows = Array.from({ length: n }, (_, i) => `    [${Array.from({ length: n }, (_, j) => (trace.visible[i * n + j] ? 'True' : 'False')).join(', ')}]`);
    lines.push(`visible = ${arr}([\n${rows.join(',\n')}\n])  # 0/1 mask: False = hidden`);
  }
}

function scoreCode(score, lib) {
  const t = 'k.T';
  switch (score) {
    case 'dot': case 'scaled_dot': return `q @ ${t}`;
    case 'general': return `q @ W_a @ ${t}`;
    case 'cosine': return lib === 'np'
      ? 'np.divide(q @ k.T, np.outer(np.linalg.norm(q, axis=1), np.linalg.norm(k, axis=1)), out=np.zeros((len(q), len(k))), where=np.outer(np.linalg.norm(q, axis=1), np.linalg.norm(k, axis=1)) > 0)'
      : 'torch.nan_to_num((q @ k.T) / torch.outer(q.norm(dim=1), k.norm(dim=1)), nan=0.0, posinf=0.0, neginf=0.0)';
    case 'additive': return lib === 'np'
      ? 'np.tanh((q @ W_1)[:, None, :] + (k @ W_2)[None, :, :]) @ v_a'
      : 'torch.tanh((q @ W_1)[:, None, :] + (k @ W_2)[None, :, :]) @ v_a';
    case 'location': return 'q @ W_a';
    default: return null;
  }
}

function divisorCode(scale, lib) {
  if (scale === 'sqrt_dk') return lib === 'np' ? 'np.sqrt(d_k)' : 'math.sqrt(d_k)';
  if (scale === 'none') return '1.0';
  return num(scale);
}

/** "copy as NumPy": a script that prints the attention weights per head and the output. */
export function numpyCode(lesson, trace) {
  const { score, scale } = recipe(trace);
  const L = [];
  L.push(`# ${GENERATOR} — this lesson in NumPy. Same seed and draws (or the same literal numbers), same numbers.`);
  L.push('import numpy as np', '');
  L.push(`tokens = ${JSON.stringify(trace.tokens)}`);
  inputsCode(lesson, trace, L);
  L.push('', `heads, d_k, d_v = ${trace.heads}, ${trace.dK}, ${trace.dV}`);
  maskCode(lesson, trace, L, 'np');
  L.push(`divisor = ${divisorCode(scale, 'np')}`, '');
  L.push('Q, K, V = X @ W_Q, X @ W_K, X @ W_V', '');
  L.push('def softmax_rows(s, visible):', '    """Row softmax over the visible keys; a row with no visible key stays all zero."""',
    '    s = np.where(visible, s, -np.inf)', '    m = s.max(axis=1, keepdims=True)', '    m = np.where(np.isfinite(m), m, 0.0)',
    '    e = np.where(visible, np.exp(s - m), 0.0)', '    total = e.sum(axis=1, keepdims=True)',
    '    return np.divide(e, total, out=np.zeros_like(e), where=total > 0)', '');
  L.push('weights, Z_heads = [], []', 'for h in range(heads):');
  L.push('    q, k = Q[:, h * d_k:(h + 1) * d_k], K[:, h * d_k:(h + 1) * d_k]', '    v = V[:, h * d_v:(h + 1) * d_v]');
  L.push(`    scores = ${scoreCode(score, 'np')}`, '    scaled = scores / divisor', '    A = softmax_rows(scaled, visible)');
  L.push('    weights.append(A)', '    Z_heads.append(A @ v)', '');
  L.push('concat = np.concatenate(Z_heads, axis=1)');
  L.push(`output = ${trace.inputs?.W_O ? 'concat @ W_O' : 'concat  # no W_O: the output is the concatenation'}`, '');
  L.push('np.set_printoptions(precision=4, suppress=True)', 'for h, A in enumerate(weights):', '    print(f"attention weights, head {h + 1}:")', '    print(A)', 'print("output:")', 'print(output)');
  return L.join('\n') + '\n';
}

/** "copy as PyTorch": the inputs from NumPy's generator (same numbers), the attention in torch (float64). */
export function pytorchCode(lesson, trace) {
  const { score, scale } = recipe(trace);
  const L = [];
  L.push(`# ${GENERATOR} — this lesson in PyTorch (float64). The inputs come from NumPy's generator, as in the lesson.`);
  L.push('import math', 'import numpy as np', 'import torch', '');
  L.push(`tokens = ${JSON.stringify(trace.tokens)}`);
  inputsCode(lesson, trace, L);
  const names = ['X', 'W_Q', 'W_K', 'W_V', 'W_O', 'W_a', 'W_1', 'W_2', 'v_a'].filter((k) => k === 'X' || trace.inputs?.[k] || (k === 'v_a' && (lesson.v_a || lesson.init?.draws?.some((d) => d.name === 'v_a'))));
  L.push(`${names.join(', ')} = (torch.tensor(m, dtype=torch.float64) for m in (${names.join(', ')}))`, '');
  L.push(`heads, d_k, d_v = ${trace.heads}, ${trace.dK}, ${trace.dV}`);
  maskCode(lesson, trace, L, 'torch');
  L.push(`divisor = ${divisorCode(scale, 'torch')}`, '');
  L.push('Q, K, V = X @ W_Q, X @ W_K, X @ W_V', 'weights, Z_heads = [], []', 'for h in range(heads):');
  L.push('    q, k = Q[:, h * d_k:(h + 1) * d_k], K[:, h * d_k:(h + 1) * d_k]', '    v = V[:, h * d_v:(h + 1) * d_v]');
  L.push(`    scores = ${scoreCode(score, 'torch')}`, '    scaled = scores / divisor');
  L.push('    # hidden keys get -inf; a row with no visible key gives NaN in softmax, and is all zero here', "    A = torch.softmax(scaled.masked_fill(~visible, float('-inf')), dim=-1).nan_to_num(0.0)");
  L.push('    weights.append(A)', '    Z_heads.append(A @ v)', '');
  L.push('concat = torch.cat(Z_heads, dim=1)');
  L.push(`output = ${trace.inputs?.W_O ? 'concat @ W_O' : 'concat  # no W_O: the output is the concatenation'}`, '');
  L.push('torch.set_printoptions(precision=4, sci_mode=False)', 'for h, A in enumerate(weights):', '    print(f"attention weights, head {h + 1}:")', '    print(A)', 'print("output:")', 'print(output)');
  return L.join('\n') + '\n';
}

export function download(name, blobOrText, type = 'text/plain') {
  const blob = blobOrText instanceof Blob ? blobOrText : new Blob([blobOrText], { type });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
