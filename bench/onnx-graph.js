// The engine's forward pass as an ONNX graph, for `npm run bench` to time onnxruntime-web on the same work:
// float64, projections for all heads at once, then per head scores, scaled, softmax and weighted sum, and the
// heads concatenated. Every intermediate is an output of the graph, as engine.trace() copies every one out.
// Written here as protobuf bytes (onnx.proto's field numbers) so the bench needs no ONNX tooling.

const DOUBLE = 11, INT64 = 7;

// ---------- protobuf wire format: varints, length-delimited fields ----------
function varint(value) {
  const out = [];
  let v = BigInt(value);
  if (v < 0n) v += 1n << 64n;
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return out;
}
const concat = (parts) => {
  const bytes = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) { bytes.set(p, at); at += p.length; }
  return bytes;
};
const int = (field, value) => Uint8Array.from([...varint(field << 3), ...varint(value)]);
const bytes = (field, body) => concat([Uint8Array.from([...varint((field << 3) | 2), ...varint(body.length)]), body]);
const text = (field, s) => bytes(field, new TextEncoder().encode(s));
const message = (field, parts) => bytes(field, concat(parts));

// ---------- onnx.proto messages ----------
const dimension = (n) => message(1, [int(1, n)]);                                   // TensorShapeProto.Dimension
const valueInfo = (field, name, dims) =>                                             // ValueInfoProto
  message(field, [text(1, name), message(2, [message(1, [int(1, DOUBLE), message(2, dims.map(dimension))])])]);
const attrInt = (name, i) => message(5, [text(1, name), int(3, i), int(20, 2)]);      // AttributeProto INT
const attrInts = (name, is) => message(5, [text(1, name), ...is.map((i) => int(8, i)), int(20, 7)]); // INTS
const node = (op, inputs, outputs, attributes = []) =>
  message(1, [...inputs.map((i) => text(1, i)), ...outputs.map((o) => text(2, o)), text(3, outputs[0]), text(4, op), ...attributes]);
function initializer(name, type, dims, values) {                                      // TensorProto, raw_data
  const raw = type === DOUBLE ? new Float64Array(values) : new BigInt64Array(values.map(BigInt));
  return message(5, [...dims.map((d) => int(1, d)), int(2, type), text(8, name), bytes(9, new Uint8Array(raw.buffer))]);
}

/** The model's bytes for n tokens, d_model d, h heads (d_k = d / h); inputs X, W_Q, W_K, W_V. */
export function attentionModel(n, d, h) {
  const dk = d / h;
  const nodes = [
    node('MatMul', ['X', 'W_Q'], ['Q']), node('MatMul', ['X', 'W_K'], ['K']), node('MatMul', ['X', 'W_V'], ['V']),
    node('Reshape', ['Q', 'split'], ['Q3']), node('Transpose', ['Q3'], ['Qh'], [attrInts('perm', [1, 0, 2])]),
    node('Reshape', ['K', 'split'], ['K3']), node('Transpose', ['K3'], ['KhT'], [attrInts('perm', [1, 2, 0])]),
    node('Reshape', ['V', 'split'], ['V3']), node('Transpose', ['V3'], ['Vh'], [attrInts('perm', [1, 0, 2])]),
    node('MatMul', ['Qh', 'KhT'], ['scores']), node('Mul', ['scores', 'scale'], ['scaled']),
    node('Softmax', ['scaled'], ['weights'], [attrInt('axis', -1)]), node('MatMul', ['weights', 'Vh'], ['Z']),
    node('Transpose', ['Z'], ['Zt'], [attrInts('perm', [1, 0, 2])]), node('Reshape', ['Zt', 'merge'], ['concat']),
  ];
  const outputs = [['Q', [n, d]], ['K', [n, d]], ['V', [n, d]], ['scores', [h, n, n]], ['scaled', [h, n, n]],
    ['weights', [h, n, n]], ['Z', [h, n, dk]], ['concat', [n, d]]];
  const graph = message(7, [
    ...nodes, text(2, 'attention'),
    initializer('split', INT64, [3], [n, h, dk]), initializer('merge', INT64, [2], [n, d]),
    initializer('scale', DOUBLE, [], [1 / Math.sqrt(dk)]),
    valueInfo(11, 'X', [n, d]), ...['W_Q', 'W_K', 'W_V'].map((w) => valueInfo(11, w, [d, d])),
    ...outputs.map(([name, dims]) => valueInfo(12, name, dims)),
  ]);
  // ir_version 8, opset 17
  return concat([int(1, 8), text(2, 'attention-lab bench'), graph, message(8, [text(1, ''), int(2, 17)])]);
}

export const OUTPUTS = ['Q', 'K', 'V', 'scores', 'scaled', 'weights', 'Z', 'concat'];
