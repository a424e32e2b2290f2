// This build's version ("0.2.0+1a2b3c4": package.json's version and the commit), set at build time by
// web/vite.config.js and scripts/build-single-file.mjs from scripts/version.mjs. 'dev' where nothing set it
// (a module imported straight from the source, as Node tests do).
/* global __ATTENTION_LAB_VERSION__, __ATTENTION_LAB_SINGLE_FILE__ */
export const VERSION = typeof __ATTENTION_LAB_VERSION__ === 'string' ? __ATTENTION_LAB_VERSION__ : 'dev';

/** True in the offline single file (dist/attention-lab.html): it holds the walkthrough only, not the other pages. */
export const SINGLE_FILE = typeof __ATTENTION_LAB_SINGLE_FILE__ === 'boolean' ? __ATTENTION_LAB_SINGLE_FILE__ : false;

/** How an exported file or a snippet names what made it. */
export const GENERATOR = `Attention Lab ${VERSION}`;

/** An embed snippet (HTML) headed by a comment naming the version it was made with. */
export const stampSnippet = (html) => `<!-- ${GENERATOR} -->\n${html}`;
