// What a page shows a reader, checked for its language (shared by walkthrough-languages.test.mjs and
// languages.test.mjs): message keys i18next left untranslated, and English sentences on a non-English page —
// the English messages of web/i18n/locales/en.json found in the page's visible text and its screen-reader names,
// and any longer visible text that reads as English (several English function words) though the language is not.
import { readFileSync } from 'node:fs';

export const LANGUAGE_CODES = ['en', 'es', 'zh-Hans', 'de', 'fr', 'pt-BR', 'ar'];
export const NAMESPACES = ['common', 'walkthrough', 'steps', 'inspector', 'embed', 'lms', 'present', 'print', 'offline', 'presets', 'exercises', 'labs', 'engine', 'explain'];
export const EN = JSON.parse(readFileSync(new URL('../../web/i18n/locales/en.json', import.meta.url), 'utf8'));

function flatten(tree, prefix = '', out = {}) {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') flatten(v, key, out);
    else out[key] = String(v);
  }
  return out;
}
export const EN_MESSAGES = flatten(EN);

// The English fragments a translated page must not show: each message cut at its placeholders and markup, kept
// where a fragment is a piece of a sentence (four words or more) rather than a symbol, a name or a word both
// languages share.
const FRAGMENTS = [...new Set(Object.values(EN_MESSAGES)
  .flatMap((m) => m.split(/\{\{[^}]*\}\}|<[^>]*>/))
  .map((f) => f.replace(/\s+/g, ' ').trim())
  .filter((f) => (f.match(/[A-Za-z]{2,}/g) ?? []).length >= 4))];

// The lectures' own sentences stay English in every language (the presets' sentences and titles quoting them).
const LECTURE = ['Jane is going to the cinema to watch a new ___', 'Life is short, eat dessert first', 'The dog ran fast', 'the cat sleeps', 'le chat dort'];
const ENGLISH_WORDS = new Set(['the', 'and', 'of', 'to', 'is', 'are', 'with', 'for', 'this', 'that', 'each', 'from', 'by', 'its', 'it', 'be', 'not', 'or', 'in', 'on', 'a', 'an', 'which', 'when', 'what', 'how', 'you', 'your']);

/** Runs in the page: its visible text nodes and the names it gives assistive technology, with where they are. */
function collectTexts() {
  const out = [];
  const skip = (el) => el.closest('script, style, code, pre, math, textarea, [aria-hidden=true], .export-code');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement, text = n.data.replace(/\s+/g, ' ').trim();
    if (!text || !el || skip(el)) continue;
    if (el.closest('option') ? !el.closest('select')?.checkVisibility() : !el.checkVisibility()) continue;
    out.push({ text, where: el.closest('[class]')?.className?.toString().split(' ')[0] ?? el.tagName.toLowerCase() });
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
    if (skip(el) || !el.checkVisibility()) continue;
    for (const attr of ['aria-label', 'title', 'placeholder', 'alt']) {
      const text = el.getAttribute(attr)?.replace(/\s+/g, ' ').trim();
      if (text) out.push({ text, where: `${attr} of ${el.tagName.toLowerCase()}.${el.className?.toString().split(' ')[0] ?? ''}` });
    }
  }
  out.push({ text: document.title, where: 'title' });
  return out;
}

/**
 * What is wrong with the language of the page shown: {keys: [texts that are message keys], english: [English
 * texts on a non-English page]}, each "text (where)".
 */
export async function languageProblems(page, code) {
  const texts = await page.evaluate(collectTexts);
  const keyLike = new RegExp(`^(${NAMESPACES.join('|')})\\.[A-Za-z0-9_.-]+$`);
  const keys = texts.filter((t) => keyLike.test(t.text)).map((t) => `${t.text} (${t.where})`);
  if (code === 'en') return { keys, english: [] };
  const english = [];
  for (const { text, where } of texts) {
    let rest = text;
    for (const s of LECTURE) rest = rest.replaceAll(s, ' ');
    const fragment = FRAGMENTS.find((f) => rest.includes(f));
    const words = (rest.toLowerCase().match(/[a-z]+/g) ?? []).filter((w) => ENGLISH_WORDS.has(w));
    if (fragment || new Set(words).size >= 3) english.push(`${text.slice(0, 120)} (${where})`);
  }
  return { keys: [...new Set(keys)], english: [...new Set(english)] };
}
