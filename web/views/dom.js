// Markup written only when it changed: every edit re-renders the notes and panels, and writing the same markup
// again would make the browser parse it, restyle it and lay the page out again.
const written = new WeakMap();

export function setHtml(el, html) {
  if (written.get(el) === html) return;
  written.set(el, html);
  el.innerHTML = html;
}

/** A property (hidden, textContent, …) written only when it changed: writing the same value restyles the element too. */
export function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}

/** An attribute set (a string) or removed (null), only when that changes it. */
export function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) {
    if (value === null) el.removeAttribute(name); else el.setAttribute(name, value);
  }
}
