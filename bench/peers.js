// The same forward pass as the engine (projections, scores, scaled, softmax, weighted sum, concat; every
// intermediate kept) in plain JavaScript and in TensorFlow.js, for `npm run bench` to compare against.

function columns(W, start, count) {
  return W.map((row) => row.slice(start, start + count));
}

function matmul(A, B) {
  const n = A.length, k = B.length, m = B[0].length;
  const C = [];
  for (let i = 0; i < n; i++) {
    const row = new Array(m);
    for (let j = 0; j < m; j++) {
      let s = 0;
      for (let t = 0; t < k; t++) s += A[i][t] * B[t][j];
      row[j] = s;
    }
    C.push(row);
  }
  return C;
}

function softmaxRows(S) {
  return S.map((row) => {
    const max = Math.max(...row);
    const e = row.map((v) => Math.exp(v - max));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((v) => v / sum);
  });
}

/** The textbook version: arrays of rows, the formulas as written. */
export function straightforward(X, WQ, WK, WV, heads) {
  const dk = WQ[0].length / heads, dv = WV[0].length / heads;
  const out = [];
  for (let h = 0; h < heads; h++) {
    const Q = matmul(X, columns(WQ, h * dk, dk)), K = matmul(X, columns(WK, h * dk, dk)), V = matmul(X, columns(WV, h * dv, dv));
    const Kt = K[0].map((_, c) => K.map((row) => row[c]));
    const scores = matmul(Q, Kt);
    const scaled = scores.map((row) => row.map((v) => v / Math.sqrt(dk)));
    const weights = softmaxRows(scaled);
    const Z = matmul(weights, V);
    out.push({ Q, K, V, scores, scaled, weights, Z });
  }
  const concat = X.map((_, i) => out.flatMap((head) => head.Z[i]));
  return { heads: out, concat };
}

// C (n×m) = A (n×k) · B (k×m), flat row-major, i-t-j order so the inner loop streams rows.
function matmulFlat(A, B, n, k, m) {
  const C = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    const ci = i * m;
    for (let t = 0; t < k; t++) {
      const a = A[i * k + t], bt = t * m;
      for (let j = 0; j < m; j++) C[ci + j] += a * B[bt + j];
    }
  }
  return C;
}

/** Flat Float64Arrays, loops ordered for the cache, projections done once for all heads. */
export function cacheFriendly(X, WQ, WK, WV, n, d, heads) {
  const Q = matmulFlat(X, WQ, n, d, d), K = matmulFlat(X, WK, n, d, d), V = matmulFlat(X, WV, n, d, d);
  const dk = d / heads, scale = 1 / Math.sqrt(dk);
  const out = [];
  const concat = new Float64Array(n * d);
  for (let h = 0; h < heads; h++) {
    const off = h * dk;
    const scores = new Float64Array(n * n), scaled = new Float64Array(n * n), weights = new Float64Array(n * n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        let s = 0;
        for (let t = 0; t < dk; t++) s += Q[i * d + off + t] * K[j * d + off + t];
        scores[i * n + j] = s;
        scaled[i * n + j] = s * scale;
      }
    for (let i = 0; i < n; i++) {
      let max = -Infinity, sum = 0;
      for (let j = 0; j < n; j++) max = Math.max(max, scaled[i * n + j]);
      for (let j = 0; j < n; j++) sum += weights[i * n + j] = Math.exp(scaled[i * n + j] - max);
      for (let j = 0; j < n; j++) weights[i * n + j] /= sum;
    }
    const Z = new Float64Array(n * dk);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const w = weights[i * n + j];
        for (let t = 0; t < dk; t++) Z[i * dk + t] += w * V[j * d + off + t];
      }
    for (let i = 0; i < n; i++) concat.set(Z.subarray(i * dk, (i + 1) * dk), i * d + off);
    out.push({ scores, scaled, weights, Z });
  }
  return { Q, K, V, heads: out, concat };
}

/** TensorFlow.js (float32: its cpu and wasm backends have no float64). Intermediates stay as tensors. */
export async function tensorflow(tf, X, WQ, WK, WV, n, d, heads) {
  const kept = [];
  const keep = (t) => (kept.push(t), t);
  const x = keep(tf.tensor2d(X, [n, d])), wq = keep(tf.tensor2d(WQ, [d, d]));
  const wk = keep(tf.tensor2d(WK, [d, d])), wv = keep(tf.tensor2d(WV, [d, d]));
  const Q = keep(tf.matMul(x, wq)), K = keep(tf.matMul(x, wk)), V = keep(tf.matMul(x, wv));
  const dk = d / heads, Zs = [];
  for (let h = 0; h < heads; h++) {
    const q = keep(tf.slice(Q, [0, h * dk], [n, dk])), k = keep(tf.slice(K, [0, h * dk], [n, dk]));
    const v = keep(tf.slice(V, [0, h * dk], [n, dk]));
    const scores = keep(tf.matMul(q, k, false, true));
    const scaled = keep(tf.div(scores, Math.sqrt(dk)));
    const weights = keep(tf.softmax(scaled));
    Zs.push(keep(tf.matMul(weights, v)));
  }
  const concat = keep(tf.concat(Zs, 1));
  const result = await concat.data();
  kept.forEach((t) => t.dispose());
  return result;
}
