import { loadEngine } from '../wasm/engine.js';

const engine = await loadEngine();
const result = engine.trace({ tokens: ['The', 'dog', 'ran', 'fast'], init: { seed: 20, draws: [
  { name: 'X', shape: [4, 8] }, { name: 'W_Q', shape: [8, 8], scale: 0.5 },
  { name: 'W_K', shape: [8, 8], scale: 0.5 }, { name: 'W_V', shape: [8, 8], scale: 0.5 }] } });
const w = result.value.headTraces[0].weights;
document.getElementById('app').textContent = Array.from(w.data, (v) => v.toFixed(3)).join(' ');
