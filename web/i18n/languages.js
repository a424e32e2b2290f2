// The languages the pages speak, by their BCP 47 tags, each named in itself (a student finds their own).
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'zh-Hans', name: '简体中文' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'ar', name: 'العربية', dir: 'rtl' },
];
export const DEFAULT_LANGUAGE = 'en';

/** The language of ours a browser tag asks for ("es-MX" → "es", "zh-CN" → "zh-Hans", "pt" → "pt-BR"), or null. */
export function matchLanguage(tag) {
  if (typeof tag !== 'string' || !tag) return null;
  const lower = tag.trim().toLowerCase();
  const exact = LANGUAGES.find((l) => l.code.toLowerCase() === lower);
  if (exact) return exact.code;
  const [base, ...rest] = lower.split(/[-_]/);
  if (base === 'zh') return rest.some((p) => ['hant', 'tw', 'hk', 'mo'].includes(p)) ? null : 'zh-Hans';
  if (base === 'pt') return 'pt-BR'; // the only Portuguese we have
  return LANGUAGES.find((l) => l.code === base)?.code ?? null;
}

/** A link's `lang=` first, then the reader's own choice, then the browser's languages in order, then English. */
export function chooseLanguage({ requested = null, stored = null, browser = [] } = {}) {
  for (const tag of [requested, stored, ...browser]) {
    const code = matchLanguage(tag);
    if (code) return code;
  }
  return DEFAULT_LANGUAGE;
}

export const directionOf = (code) => (LANGUAGES.find((l) => l.code === code)?.dir ?? 'ltr');
