// Small form helpers shared by the lab sections: every control has a visible label and a name for tests.
export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k === 'html') e.innerHTML = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}

/** A labelled range slider; format(value) is shown beside it. */
export function slider(parent, { name, label, min, max, step = 1, value, format = String, onInput }) {
  const output = h('output', { for: name });
  const input = h('input', { type: 'range', name, id: name, min, max, step, value });
  const sync = () => { output.textContent = format(Number(input.value)); };
  input.addEventListener('input', () => { sync(); onInput(Number(input.value)); });
  sync();
  parent.append(h('label', { class: 'control', for: name }, h('span', {}, label), input, output));
  return { input, set(v) { input.value = v; sync(); } };
}

export function numberInput(parent, { name, label, value, min, max, step = 1, onChange }) {
  const input = h('input', { type: 'number', name, id: name, value, step, ...(min !== undefined && { min }), ...(max !== undefined && { max }) });
  input.addEventListener('change', () => onChange(Number(input.value)));
  parent.append(h('label', { class: 'control', for: name }, h('span', {}, label), input));
  return input;
}

export function select(parent, { name, label, options, value, onChange }) {
  const s = h('select', { name, id: name });
  for (const [v, text] of options) s.append(h('option', { value: v }, text));
  s.value = value;
  s.addEventListener('change', () => onChange(s.value));
  parent.append(h('label', { class: 'control', for: name }, h('span', {}, label), s));
  return s;
}

export function button(parent, { name, label, onClick }) {
  const b = h('button', { type: 'button', name }, label);
  b.addEventListener('click', onClick);
  parent.append(b);
  return b;
}

export function fmt(v, digits = 3) {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  if (v !== 0 && (Math.abs(v) >= 1e5 || Math.abs(v) < 1e-3)) return v.toExponential(2).replace('e+', 'e');
  return Number(v.toFixed(digits)).toString().replace('-', '−');
}

export const COLORS = { raw: '#c75a06', scaled: '#2166ac', a: '#1b9e77', b: '#7570b3', c: '#d95f02', d: '#e7298a', e: '#66a61e', f: '#a6761d' };
