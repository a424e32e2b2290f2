// Markup written only when it changed: every edit re-renders the notes and panels, and writing the same markup
// again would make the browser parse it, restyle it and lay the page out again.
const written = new WeakMap();

export function setHtml(el, html) {
  if (written.get(el) === html) return;
  written.set(el, html);
  el.innerHTML = html;
}
