// The Attention Lab mark beside the name in the pages' headers, written into the header's markup. As an <img> of
// favicon.svg it was one request more, and Chromium reads an SVG image as a document of its own, on the page's main
// thread: 3.7 ms of each load of the walkthrough on this machine.
import mark from '../public/favicon.svg?raw';

/** The mark, `size` CSS pixels square; hidden from screen readers, as the name beside it says what it is. */
export const logo = (size) => mark.trim().replace('<svg ', `<svg width="${size}" height="${size}" aria-hidden="true" focusable="false" `);
