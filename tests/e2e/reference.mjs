// Plain-JS scaled dot-product attention, written independently of the engine, for checking the page.
export const matmul = (A, B) => A.map((row) => B[0].map((_, j) => row.reduce((s, a, k) => s + a * B[k][j], 0)));
export const transpose = (A) => A[0].map((_, j) => A.map((r) => r[j]));

export function softmaxRows(S, visible = null) {
  return S.map((row, i) => {
    const vis = row.map((_, j) => (visible ? visible[i][j] : true));
    const m = Math.max(...row.filter((_, j) => vis[j]));
    if (!Number.isFinite(m)) return row.map(() => 0);
    const e = row.map((v, j) => (vis[j] ? Math.exp(v - m) : 0));
    const s = e.reduce((a, b) => a + b, 0);
    return e.map((v) => v / s);
  });
}

/** Single-head attention of literal X, W_Q, W_K, W_V. */
export function attention({ X, W_Q, W_K, W_V, divisor = null, visible = null }) {
  const Q = matmul(X, W_Q), K = matmul(X, W_K), V = matmul(X, W_V);
  const scores = matmul(Q, transpose(K));
  const d = divisor ?? Math.sqrt(W_Q[0].length);
  const scaled = scores.map((r) => r.map((v) => v / d));
  const weights = softmaxRows(scaled, visible);
  return { Q, K, V, scores, scaled, weights, Z: matmul(weights, V) };
}
