// A page loads only the words it shows: each message file (web/i18n/locales/<code>.json, one per language, as
// translators and tests read it) is served in parts by its top-level sections — `?part=exercises` and `?part=labs`
// those pages' own sections, `?part=shared` all the rest (the walkthrough's, and what every page uses). The
// walkthrough fetches the shared part alone, about half of the file. Used by the Vite builds (web/vite.config.js,
// scripts/build-single-file.mjs); web/i18n/i18n.js says which parts a page asks for.
import { readFileSync } from 'node:fs';

export const OWN = ['exercises', 'labs']; // the sections only one page shows (each is that page's name)

export const localeParts = {
  name: 'attention-lab-locale-parts',
  enforce: 'pre',
  load(id) {
    const m = /^(.*\/i18n\/locales\/[^/]+\.json)\?part=(\w+)$/.exec(id);
    if (!m) return null;
    const all = JSON.parse(readFileSync(m[1], 'utf8'));
    const part = m[2];
    if (part !== 'shared' && !OWN.includes(part)) throw new Error(`no part "${part}" of the message files`);
    const kept = Object.fromEntries(Object.entries(all).filter(([key]) => (part === 'shared' ? !OWN.includes(key) : key === part)));
    this.addWatchFile?.(m[1]);
    // a module of one JSON text (parsed faster than the same object literal, as Vite's JSON plugin does it)
    return `export default JSON.parse(${JSON.stringify(JSON.stringify(kept))});`;
  },
};
