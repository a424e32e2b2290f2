// A list of numbers as a reader types and reads it (the precision lab's logits). Where the decimal sign is a
// comma ("0,5" in German, French, Spanish, Portuguese) a bare comma cannot also separate the numbers, so there
// they are separated by ";", spaces or ", " (a comma and a space); where it is a point, a bare comma separates
// too. The Arabic comma "،" separates everywhere. Each number is read by parseNumber, so the engine receives
// exactly the double the same list typed in English gives.
import { localizeDigits } from '../i18n/numerals.js';
import { parseNumber } from '../numbers.js';

/** Does the language write 0.5 as "0,5"? */
export const decimalComma = (code) => new Intl.NumberFormat(code).formatToParts(0.5).find((p) => p.type === 'decimal')?.value === ',';

/** The numbers of a typed list, or null when a part is not a number. */
export function readList(text, comma) {
  const parts = String(text).split(comma ? /[;،\s]+|,(?=\s)/ : /[,;،\s]+/).map((p) => p.trim()).filter(Boolean);
  const values = parts.map((p) => parseNumber(p));
  return values.every((v) => v.ok) ? values.map((v) => v.value) : null;
}

/** The list as the reader would type it back (canonical numbers through localizeDigits). */
export const writeList = (values, comma) => values.map((v) => localizeDigits(String(v))).join(comma ? '; ' : ', ');
