// Paper, on every app page (loaded by its HTML beside the page's own script): the page's link and its QR code on
// every printed page. The print stylesheet itself is web/print/print.css, linked by each page.
import { installPrintLink } from './print-link.js';

export const printLink = installPrintLink();
