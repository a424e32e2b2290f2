// An LMS package's own settings (lms-package.json, written by web/lms/package.js), fetched once per page: the language
// reads which language the package was made in, the LMS hook its set, format and pass mark.
export const PACKAGE_CONFIG = 'lms-package.json';

let reading = null;
export function readPackageConfig() {
  reading ??= fetch(`./${PACKAGE_CONFIG}`).then((r) => {
    if (!r.ok) throw new Error(`${PACKAGE_CONFIG}: ${r.status}`);
    return r.json();
  });
  reading.catch(() => { reading = null; }); // (a failed read is tried again by the next caller)
  return reading;
}
