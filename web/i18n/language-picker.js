// The header's language choice, the same on every page: a labelled <select> of LANGUAGES, each named in itself.
// Choosing remembers the language and reopens this page with lang= in its address, so the page is rendered once
// in one language (its store is rebuilt from the address, nothing is read back from the old DOM).
import { LANGUAGES, language, rememberLanguage, t } from './i18n.js';

/** This page's address in language `code` (every other part of the address kept). */
export function addressIn(code, href = location.href) {
  const url = new URL(href);
  url.searchParams.set('lang', code);
  return url.href;
}

/** A relative link to another page of the site that keeps the reader's language ("./index.html?lang=de#step"). */
export function withLanguage(path, code = language()) {
  const [beforeHash, hash = ''] = path.split('#');
  const [file, query = ''] = beforeHash.split('?');
  const params = new URLSearchParams(query);
  params.set('lang', code);
  return `${file}?${params}${hash ? `#${hash}` : ''}`;
}

/** <label>Language <select name="language"></label>: `onChoose(code)` (default: remember it and reopen the page). */
export function languagePicker({ id = 'language-picker', onChoose = chooseAndReload } = {}) {
  const label = document.createElement('label');
  label.className = 'language-picker';
  label.htmlFor = id;
  const caption = document.createElement('span');
  caption.textContent = t('common.language');
  const select = document.createElement('select');
  select.id = id;
  select.name = 'language';
  for (const l of LANGUAGES) {
    const option = new Option(l.name, l.code, false, l.code === language());
    option.lang = l.code; // each name is read in its own language by a screen reader
    select.append(option);
  }
  select.addEventListener('change', () => onChoose(select.value));
  label.append(caption, select);
  return label;
}

function chooseAndReload(code) {
  rememberLanguage(code);
  location.assign(addressIn(code));
}
