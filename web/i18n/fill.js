// A message picked and its {{placeholders}} filled in as i18next does it (interpolation without escaping, no formats,
// no nesting, no context: the message files use none), in a tenth of its time: a page draws hundreds of messages.

/** {a: {b: 'x'}} → Map {'a.b' → 'x'} (i18next's key separator): the messages message() looks in. */
export function flatten(messages, prefix = '', into = new Map()) {
  for (const [name, value] of Object.entries(messages)) {
    if (value && typeof value === 'object') flatten(value, `${prefix}${name}.`, into);
    else into.set(`${prefix}${name}`, value);
  }
  return into;
}

/**
 * The message `key` of `messages` (flatten()'s map) filled in with `params`. A numeric `count` picks the plural form
 * as i18next does: key_zero for 0 where the language has one, then key_<the count's category under `plurals` (the
 * language's Intl.PluralRules)>, the key itself, key_other. null when i18next must decide: no such message, or a
 * placeholder without a value.
 */
export function message(messages, key, params, plurals) {
  const count = params.count;
  if (count !== undefined && typeof count !== 'number' && typeof count !== 'string') return null;
  const forms = typeof count === 'number' ? [...(count === 0 ? ['_zero'] : []), `_${plurals.select(count)}`, '', '_other'] : [''];
  for (const form of forms) {
    const template = messages.get(key + form);
    if (template !== undefined && template !== null) return typeof template === 'string' ? fill(template, params) : null;
  }
  return null;
}

/** The template's placeholders filled in; null when one has no value, or null or undefined (i18next then decides). */
export function fill(template, params) {
  let missing = false;
  const text = template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name) => {
    if (params[name] == null) missing = true;
    return String(params[name]);
  });
  return missing ? null : text;
}
