// An LMS package's own settings (lms-package.json, written by web/lms/package.js), fetched once per page: the language
// reads which language the package was made in, the LMS hook its set, format and pass mark.
export const PACKAGE_CONFIG = 'lms-package.json';

let reading = null;
export function readPackageConfig() {
  return (reading ??= fetch(`./${PACKAGE_CONFIG}`).then((r) => r.json()));
}
