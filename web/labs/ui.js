// Small form helpers shared by the lab sections: every control has a visible label and a name for tests.
// Numbers are shown and typed as the reader's language writes them (localizeDigits, parseNumber): "0,5" in German.
import { localizeDigits } from '../i18n/numerals.js';
import { parseNumber } from '../numbers.js';
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

/** A number typed as the reader writes it (a text box: type=number refuses a decimal comma); onChange gets
 * the exact double, or NaN when the text is not a number (the box is then marked invalid). */
export function numberInput(parent, { name, label, value, onChange, integer = false, attrs = {} }) {
  const input = textNumber({ name, id: name, value, integer, attrs, onValue: onChange, on: 'change' });
  parent.append(h('label', { class: 'control', for: name }, h('span', {}, label), input));
  return input;
}

/** The bare text box of numberInput; `on` = the event that reads it ('input' recomputes while typing). */
export function textNumber({ value, integer = false, attrs = {}, onValue, on = 'input', ...rest }) {
  const input = h('input', { type: 'text', inputmode: integer ? 'numeric' : 'decimal', autocomplete: 'off', spellcheck: 'false',
    value: localizeDigits(String(value)), ...rest, ...attrs });
  input.addEventListener(on, () => {
    const read = parseNumber(input.value);
    input.setAttribute('aria-invalid', String(!read.ok));
    onValue(read.ok ? read.value : NaN);
  });
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

/** A number for the reader: at most `digits` decimals, in the language's digits and decimal sign, − for minus. */
export function fmt(v, digits = 3) {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  const canonical = v !== 0 && (Math.abs(v) >= 1e5 || Math.abs(v) < 1e-3)
    ? v.toExponential(2).replace('e+', 'e') : Number(v.toFixed(digits)).toString();
  return localizeDigits(canonical).replace(/-/g, '−');
}

/** Text kept left to right inside a right-to-left sentence (token sequences, lists of numbers): a bidi isolate
 * (only on a right-to-left page; elsewhere the text is left as it is). */
export const ltr = (text) => (document.documentElement.dir === 'rtl' ? `\u2066${text}\u2069` : text);

export const COLORS = { raw: '#c75a06', scaled: '#2166ac', a: '#1b9e77', b: '#7570b3', c: '#d95f02', d: '#e7298a', e: '#66a61e', f: '#a6761d' };
