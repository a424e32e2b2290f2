// Stands in for the ES-module engine build in dist/attention-lab.html (scripts/build-single-file.mjs): there the
// engine is a classic script inlined before the page, which defines createAttnlabModule globally.
export default (options) => globalThis.createAttnlabModule(options);
