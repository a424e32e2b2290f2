// The default lesson's trace is bundled as JSON (scripts/first-answers.mjs, web/lib/typed-json.js): every number
// must come back as the same bits — typed arrays of each kind, NaN, ±Infinity and −0 included — or the first lesson
// drawn would differ from the engine's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { typedFromJson, typedToJson } from '../../web/lib/typed-json.js';

test('typed arrays, NaN, ±Infinity and −0 come back bit for bit', () => {
  const value = {
    m: { rows: 2, cols: 3, data: Float64Array.from([0.1 + 0.2, -0, NaN, Infinity, -Infinity, 5e-324]) },
    visible: Uint8Array.from([0, 1, 255]), ids: Int32Array.from([-7, 2 ** 31 - 1]), plain: [-0, NaN, 1 / 3], divisor: Infinity,
  };
  const back = typedFromJson(typedToJson(value));
  assert.ok(back.m.data instanceof Float64Array && back.visible instanceof Uint8Array && back.ids instanceof Int32Array);
  const bits = (a) => Array.from(new Uint8Array(Float64Array.from(a).buffer));
  assert.deepEqual(bits(back.m.data), bits(value.m.data));
  assert.ok(Object.is(back.plain[0], -0) && Number.isNaN(back.plain[1]) && back.plain[2] === 1 / 3);
  assert.equal(back.divisor, Infinity);
  assert.deepEqual(Array.from(back.visible), [0, 1, 255]);
  assert.deepEqual(Array.from(back.ids), [-7, 2 ** 31 - 1]);
});
