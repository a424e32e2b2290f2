// The reader's language, chosen in a page's header (the walkthrough, the exercises, the labs): a menu of our languages, each named in itself, and for Arabic the
// choice of digits (Arabic-Indic ٠١٢ or Latin 012: offered, not forced). Choosing remembers the choice and opens
// the same page again in that language with lang= in its address (the lesson stays in the link's fragment), so
// every string is drawn once by a page that speaks it.
import { LANGUAGES, language, rememberLanguage, t } from './i18n.js';
import { offersArabicDigits, numberLanguage, rememberDigits } from './numerals.js';

/** The address of this page in `code`: lang= in the query, the fragment (the lesson) kept. */
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

/**
 * Builds the picker into `container`; `onChoose(code)` defaults to opening the page again in that language, once
 * `beforeLeave()` has resolved (the walkthrough's: its link written, so the lesson comes along).
 */
export function languagePicker(container, {
  beforeLeave = async () => {},
  onChoose = (code) => beforeLeave().then(() => location.assign(addressIn(code))),
  onDigits = () => beforeLeave().then(() => location.reload()),
} = {}) {
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
  if (offersArabicDigits(language())) {
    const digits = document.createElement('label');
    digits.className = 'field digits';
    const menu = Object.assign(document.createElement('select'), { name: 'digits' });
    menu.append(new Option(t('common.digitsLatin'), 'latin'), new Option(t('common.digitsArabic'), 'arabic'));
    menu.value = numberLanguage().arabicDigits ? 'arabic' : 'latin';
    menu.addEventListener('change', () => { rememberDigits(menu.value === 'arabic'); onDigits(menu.value); });
    digits.append(Object.assign(document.createElement('span'), { textContent: t('common.digits') }), menu);
    box.append(digits);
  }
  container.append(box);
  return { select, element: box };
}
