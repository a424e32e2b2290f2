// The one escaper for text put into HTML, SVG or XML (element text and quoted attribute values alike).
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
