// Colour scales shared by every heatmap, so a colour means the same thing everywhere.
// Both ramps are colour-blind safe: a viridis-like sequential ramp for weights in [0, 1], and a
// blue–white–orange diverging ramp (centred on 0) for scores and every other signed matrix.

const VIRIDIS = ['#440154', '#414487', '#2a788e', '#22a884', '#7ad151', '#fde725'];
const BLUE_WHITE_ORANGE = ['#2166ac', '#6fa3d2', '#c9def0', '#f7f7f7', '#fdd2a5', '#f59a4a', '#c75a06'];

/** The stops of each ramp (for gradients drawn elsewhere: legends, exported SVG). */
export const RAMP_STOPS = { sequential: VIRIDIS, diverging: BLUE_WHITE_ORANGE };

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const RGB = new Map([...VIRIDIS, ...BLUE_WHITE_ORANGE].map((hex) => [hex, hexToRgb(hex)]));

// Piecewise-linear interpolation between evenly spaced stops; t in [0, 1].
function ramp(stops, t) {
  const x = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x));
  const a = RGB.get(stops[i]), b = RGB.get(stops[i + 1]);
  const f = x - i;
  return a.map((v, k) => Math.round(v + (b[k] - v) * f));
}

/** Colour of a weight in [0, 1]. */
export function sequential(value) {
  return ramp(VIRIDIS, value);
}

/** Colour of a signed value, with `limit` mapped to the ends of the ramp (symmetric around 0). */
export function diverging(value, limit) {
  const t = limit > 0 ? 0.5 + value / (2 * limit) : 0.5;
  return ramp(BLUE_WHITE_ORANGE, t);
}

export function cssColor(rgb) {
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

// WCAG relative luminance; the text colour is whichever of black/white contrasts more. Pure black, not a
// near-black: for any background one of black/white reaches at least 4.58:1 (WCAG AA needs 4.5:1), while #111
// falls to 4.4:1 on mid-tone colours such as the orange end of the diverging ramp.
// (each channel's linear value looked up: the ramps' tables ask for a thousand colours while the page starts)
const LINEAR = Float64Array.from({ length: 256 }, (_, v) => {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
});
function luminance([r, g, b]) {
  return 0.2126 * LINEAR[r] + 0.7152 * LINEAR[g] + 0.0722 * LINEAR[b];
}

export function textColorFor(rgb) {
  const L = luminance(rgb);
  return (L + 0.05) / 0.05 >= 1.05 / (L + 0.05) ? '#000' : '#fff';
}

/** CSS gradient for a legend bar. */
export function legendGradient(kind) {
  return `linear-gradient(to right, ${RAMP_STOPS[kind === 'sequential' ? 'sequential' : 'diverging'].join(', ')})`;
}

// The ramps as lookup tables of LEVELS steps, for the heatmaps that repaint thousands of cells per edit:
// a cell's colour is one lookup — as CSS text with the text colour that contrasts with it (tables), or as
// a canvas pixel, plain or faded (a row not generated yet), written in one store (canvas heatmaps).
// Each is made when first asked for: all 2 × 512 steps took 8 ms of a cold load, before the page could ask
// for its words; the first lesson's tables use a few hundred steps, and the pixels only a canvas heatmap.
export const LEVELS = 512;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
/** An opaque RGB colour as one 32-bit canvas pixel (ImageData bytes are R, G, B, A in memory order). */
export function pixelOf([r, g, b]) {
  return (LITTLE_ENDIAN ? (255 << 24) | (b << 16) | (g << 8) | r : (r << 24) | (g << 16) | (b << 8) | 255) >>> 0;
}
/** The colour of a faded cell: 30% of its own colour over white. */
export const faded = (rgb) => rgb.map((v) => Math.round(255 - (255 - v) * 0.3));
function table(colorAt) {
  const stepColour = (k) => colorAt(k / (LEVELS - 1)); // (colorAt: t in [0, 1] → RGB)
  const cells = new Array(LEVELS).fill(null);
  let pixels = null;
  return {
    /** Step k's [background, text colour] as CSS text. */
    cell(k) {
      if (cells[k] === null) { const c = stepColour(k); cells[k] = [cssColor(c), textColorFor(c)]; }
      return cells[k];
    },
    /** {pixel, fadedPixel}: every step as a canvas pixel, plain and faded. */
    pixels() {
      if (!pixels) {
        pixels = { pixel: new Uint32Array(LEVELS), fadedPixel: new Uint32Array(LEVELS) };
        for (let k = 0; k < LEVELS; k++) {
          const c = stepColour(k);
          pixels.pixel[k] = pixelOf(c);
          pixels.fadedPixel[k] = pixelOf(faded(c));
        }
      }
      return pixels;
    },
  };
}
export const RAMPS = { sequential: table((t) => sequential(t)), diverging: table((t) => diverging(2 * t - 1, 1)) };

/** The step of RAMPS[kind] for a value: weights in [0, 1] as they are, signed values with `limit` at the ends. */
export function levelOf(kind, value, limit) {
  const t = kind === 'sequential' ? value : limit > 0 ? 0.5 + value / (2 * limit) : 0.5;
  return Math.round((t >= 1 ? 1 : t > 0 ? t : 0) * (LEVELS - 1));
}
