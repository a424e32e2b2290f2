// The header's language choice for a page without the walkthrough's header (the labs): a labelled menu of our
// languages, each named in itself. Choosing remembers the language and opens the same page again with lang= in
// its address, so every string is drawn once by a page that speaks it. Same names and signature as the
// walkthrough's web/views/language-picker.js (languagePicker(container) → {select, element}, addressIn(code)),
// so a page can use either.
import { LANGUAGES, language, rememberLanguage, t } from './i18n.js';

/** The address of this page in `code`: lang= in the query, the fragment kept. */
export function addressIn(code, href = location.href) {
  const url = new URL(href);
  url.searchParams.set('lang', code);
  return url.href;
}

/** A relative link to another of our pages in the reader's language ("./index.html" → "./index.html?lang=de"). */
export function withLanguage(path, code = language()) {
  const [beforeHash, hash] = path.split('#');
  const [file, query = ''] = beforeHash.split('?');
  const params = new URLSearchParams(query);
  params.set('lang', code);
  return `${file}?${params}${hash === undefined ? '' : `#${hash}`}`;
}

/** Builds the picker into `container`; `onChoose(code)` defaults to opening the page again in that language. */
export function languagePicker(container, { onChoose = (code) => location.assign(addressIn(code)) } = {}) {
  const box = document.createElement('div');
  box.className = 'language-picker';
  const label = document.createElement('label');
  label.className = 'field language';
  const name = Object.assign(document.createElement('span'), { textContent: t('common.language') });
  const select = Object.assign(document.createElement('select'), { name: 'language' });
  for (const l of LANGUAGES) {
    const option = Object.assign(document.createElement('option'), { value: l.code, textContent: l.name, lang: l.code });
    if (l.dir) option.dir = l.dir;
    select.append(option);
  }
  select.value = language();
  select.addEventListener('change', () => {
    rememberLanguage(select.value);
    onChoose(select.value);
  });
  label.append(name, select);
  box.append(label);
  container.append(box);
  return { select, element: box };
}
