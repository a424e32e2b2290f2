export const localizeDigits = (text) => text;
