// Each page's favicon written into the page: a data: URL of web/public/icons/favicon-32.png (0.2 KB, drawn by
// scripts/make-icons.mjs). Chromium fetches a page's favicon again at every change of its address (each link the page
// writes or follows): from a file, that is a request through the service worker and a decode on the page's main
// thread each time (that thread's work after a change: 2.4–2.9 ms with the PNG as a file, 0.8–1.0 ms written in,
// 5.8–7.4 ms with an SVG, which it reads as a document of its own).
import { readFileSync } from 'node:fs';

const FILE = 'icons/favicon-32.png'; // in web/public/, where the pages link it
const LINK = `<link rel="icon" href="./${FILE}"`;

/** The page's HTML with its favicon link's file replaced by the file's bytes (`name` says which page lacks the link). */
export function withFaviconInside(html, name) {
  if (!html.includes(LINK)) throw new Error(`${name} has no ${LINK}>`);
  const png = readFileSync(new URL(`../web/public/${FILE}`, import.meta.url)).toString('base64');
  return html.replace(LINK, `<link rel="icon" href="data:image/png;base64,${png}"`);
}

/** The same for every page Vite builds. */
export const inlineFavicon = {
  name: 'attention-lab-inline-favicon', apply: 'build',
  transformIndexHtml: (html, { filename }) => withFaviconInside(html, filename),
};
