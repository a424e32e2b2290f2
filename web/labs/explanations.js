// The words of the page: one short explanation per section (HTML from the message files, labs.<id>.p1…),
// written for a student with the lecture at hand. The ids are the sections' anchors (labs.html#bahdanau) in
// every language.
import { t } from '../i18n/i18n.js';

const PARAGRAPHS = { scale: 3, precision: 3, contextual: 2, bahdanau: 2, training: 3 };
export const SECTION_IDS = Object.keys(PARAGRAPHS);

/** [{id, title, explain}] in the page's language; title and explain are HTML from our own message files. */
export function sections() {
  return SECTION_IDS.map((id) => ({
    id,
    title: t(`labs.${id}.title`),
    explain: Array.from({ length: PARAGRAPHS[id] }, (_, k) => `<p>${t(`labs.${id}.p${k + 1}`)}</p>`).join('\n'),
  }));
}
