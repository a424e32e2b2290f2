// Exports: the NumPy (and, when installed, PyTorch) code the page generates reproduces the engine's numbers
// when run by Python; SVG and PNG figures are non-empty images of the right size; the CSV holds every matrix.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { startBrowser, open, choosePreset } from './helpers.mjs';

const PY = '/usr/bin/python3';
const hasTorch = spawnSync(PY, ['-c', 'import torch'], { stdio: 'ignore' }).status === 0;
let env, page, problems;
before(async () => { env = await startBrowser(); ({ page, problems } = await open(env)); });
after(async () => { await env?.close(); });

// Lessons that exercise every branch of the generated code.
const SCENARIOS = {
  'seeded (lecture 20)': async () => choosePreset(page, 'lecture20-seed20'),
  'seeded, one draw edited, 2 heads, drawn W_O, causal': async () => {
    await choosePreset(page, 'lecture20-seed20');
    await page.evaluate(() => {
      const l = window.attentionLab.getLesson();
      l.W_K = Array.from({ length: 8 }, (_, i) => Array.from({ length: 8 }, (_, j) => Math.sin(i * 8 + j) / 3));
      l.heads = 2; l.mask = 'causal';
      l.init.draws.push({ name: 'W_O', shape: [8, 8], scale: 0.5 });
      return window.attentionLab.setLesson(l);
    });
  },
  'literal, padding mask, numeric scale': async () => {
    await choosePreset(page, 'dog-ran-fast');
    await page.evaluate(() => { const l = window.attentionLab.getLesson(); l.mask = { padding: [false, false, false, true] }; return window.attentionLab.setLesson(l); });
  },
  'sentence + vocabulary + embedding table, custom mask with an empty row': async () => {
    await choosePreset(page, 'jane-cinema');
    await page.evaluate(() => {
      const l = window.attentionLab.getLesson();
      const n = window.attentionLab.getTrace().tokens.length;
      l.mask = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === 0 ? 0 : (i + j) % 3 ? 1 : 0)));
      return window.attentionLab.setLesson(l);
    });
  },
  'a sentence typed into the seeded lesson: E looked up, new words appended as rows drawn last': async () => {
    await choosePreset(page, 'lecture20-seed20');
    for (const text of ['the cat saw the dog', 'the cat saw a big dog']) {
      await page.fill('input[name=sentence]', text);
      await page.press('input[name=sentence]', 'Enter');
      await page.waitForFunction((text) => window.attentionLab.getLesson().sentence === text, text);
    }
  },
  'rand draws, no scaling, 3 heads of d_k 2': async () => {
    await page.evaluate(() => window.attentionLab.setLesson({ tokens: ['a', 'b', 'c'], heads: 3, scale: 'none',
      init: { rng: 'numpy', seed: 7, draws: [{ name: 'X', shape: [3, 4], dist: 'rand' }, { name: 'W_Q', shape: [4, 6] }, { name: 'W_K', shape: [4, 6], scale: 2 }, { name: 'W_V', shape: [4, 6] }] } }));
  },
};

const DUMP = '\nimport json\nprint("@@" + json.dumps({"weights": [A.tolist() for A in weights], "output": output.tolist()}))\n';
function runPython(code) {
  const out = execFileSync(PY, ['-'], { input: code + DUMP, encoding: 'utf8', timeout: 60000 });
  return JSON.parse(out.split('\n').find((l) => l.startsWith('@@')).slice(2));
}

function compare(got, trace, label) {
  const H = trace.weights.length;
  assert.equal(got.weights.length, H, `${label}: heads`);
  for (let h = 0; h < H; h++) {
    got.weights[h].flat().forEach((v, k) => assert.ok(Math.abs(v - trace.weights[h][k]) <= 1e-9, `${label}: weights[${h}] #${k} ${v} vs ${trace.weights[h][k]}`));
  }
  got.output.flat().forEach((v, k) => assert.ok(Math.abs(v - trace.output[k]) <= 1e-9 * Math.max(1, Math.abs(trace.output[k])), `${label}: output #${k} ${v} vs ${trace.output[k]}`));
}

for (const [name, setUp] of Object.entries(SCENARIOS)) {
  test(`exported NumPy${hasTorch ? ' and PyTorch' : ''} code reproduces the engine: ${name}`, async () => {
    await setUp();
    const data = await page.evaluate(() => {
      const t = window.attentionLab.getTrace();
      return { numpy: window.attentionLab.exports.numpy(), pytorch: window.attentionLab.exports.pytorch(),
        trace: { weights: t.headTraces.map((h) => Array.from(h.weights.data)), output: Array.from(t.output.data) } };
    });
    compare(runPython(data.numpy), data.trace, 'numpy');
    if (hasTorch) compare(runPython(data.pytorch), data.trace, 'pytorch');
    assert.deepEqual(problems, []);
  });
}

test('the Export dialog shows the code and offers every figure; SVG and PNG are images of the right size; CSV has every matrix', async () => {
  await choosePreset(page, 'toy-dk4');
  // the version the page shows in its footer (package.json's, plus the commit) is in every exported file
  const { version: packageVersion } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
  const version = await page.getAttribute('footer.site-version', 'data-version');
  assert.match(version, new RegExp(`^${packageVersion.replace(/\./g, '\\.')}(\\+[0-9a-f]{7,}(-dirty)?)?$`));
  assert.equal(await page.locator('footer.site-version').textContent(), `Attention Lab ${version}`);
  await page.click('.open-export');
  assert.match(await page.locator('.export-code').textContent(), /import numpy as np/);
  assert.ok((await page.locator('.export-code').textContent()).startsWith(`# Attention Lab ${version} — this lesson in NumPy.`));
  await page.click('.copy-pytorch');
  assert.match(await page.locator('.export-code').textContent(), /import torch/);
  assert.ok((await page.locator('.export-code').textContent()).startsWith(`# Attention Lab ${version} — this lesson in PyTorch`));
  const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.click('.export-json')]);
  const exported = JSON.parse(readFileSync(await jsonDownload.path(), 'utf8'));
  assert.equal(exported.generator, `Attention Lab ${version}`);
  assert.deepEqual({ ...exported, generator: undefined }, { ...(await page.evaluate(() => window.attentionLab.getLesson())), generator: undefined });
  const keys = await page.locator('.export-list li').evaluateAll((lis) => lis.map((li) => li.dataset.key));
  assert.deepEqual(keys, ['X', 'W_Q', 'W_K', 'W_V', 'Q0', 'K0', 'V0', 'scores0', 'scaled0', 'weights0', 'Z0']);
  // a real download from the dialog
  const [svgDownload] = await Promise.all([page.waitForEvent('download'), page.click('.export-list li[data-key=weights0] .export-svg')]);
  assert.match(svgDownload.suggestedFilename(), /weights0\.svg$/);
  const [pngDownload] = await Promise.all([page.waitForEvent('download'), page.click('.export-list li[data-key=weights0] .export-png')]);
  assert.match(pngDownload.suggestedFilename(), /\.png$/);
  // each figure is titled as the dialog names its matrix (in the page's language)
  const titles = Object.fromEntries(await page.locator('.export-list li').evaluateAll((lis) => lis.map((li) => [li.dataset.key, li.querySelector('span').textContent])));
  await page.keyboard.press('Escape');
  for (const key of ['weights0', 'X', 'scores0']) {
    const f = await page.evaluate((k) => window.attentionLab.exports.svg(k), key);
    assert.ok(f.svg.startsWith('<svg') && f.width > 200 && f.height > 100);
    assert.ok(f.svg.includes(`>${titles[key].replaceAll('&', '&amp;').replaceAll('<', '&lt;')}</text>`), `${key}: titled "${titles[key]}"`);
    assert.match(f.svg, new RegExp(`width="${f.width}" height="${f.height}"`));
    const cells = (f.svg.match(/<rect x=/g) ?? []).length;
    assert.ok(cells >= (key === 'X' ? 12 : 9), `${key}: one rectangle per cell`);
    assert.match(f.svg, /cats/, 'row labels');
    assert.match(f.svg, /url\(#legend\)/, 'legend');
    assert.match(f.svg, new RegExp(`<metadata>Attention Lab ${version.replace(/[.+]/g, '\\$&')}</metadata>`), 'the version that made it');
    const png = await page.evaluate((k) => window.attentionLab.exports.png(k), key);
    const bytes = Buffer.from(png.bytes);
    assert.equal(bytes.subarray(1, 4).toString(), 'PNG');
    assert.equal(bytes.readUInt32BE(16), 2 * f.width, 'PNG width = 2 × SVG width');
    assert.equal(bytes.readUInt32BE(20), 2 * f.height);
    assert.ok(bytes.length > 2000, 'the PNG is not blank');
    // a tEXt chunk right after IHDR names the version, with a correct CRC
    const textLength = bytes.readUInt32BE(33);
    assert.equal(bytes.subarray(37, 41).toString(), 'tEXt');
    assert.equal(bytes.subarray(41, 41 + textLength).toString('latin1'), `Software\0Attention Lab ${version}`);
    assert.equal(bytes.readUInt32BE(41 + textLength), crc32(bytes.subarray(37, 41 + textLength)), 'tEXt CRC');
  }
  const csv = await page.evaluate(() => window.attentionLab.exports.csv());
  const lines = csv.trim().split('\n');
  assert.equal(lines[0], `# Attention Lab ${version}`);
  assert.equal(lines[1], 'matrix,head,row,row_label,col,value');
  assert.equal(lines.length - 2, 12 + 16 + 16 + 12 + 12 + 12 + 9 + 9 * 3 + 9); // X, W_Q, W_K, W_V (4 × 3), Q, K, V (3 × 3), scores, scaled, weights, Z (3 × 3)
  assert.ok(lines.some((l) => l.startsWith('weights,1,1,we,1,')));
  assert.deepEqual(problems, []);
});

test('a figure exported from a German page is titled and annotated in German, its numbers with a decimal comma', async () => {
  const { page, problems } = await open(env, '?lang=de');
  const lesson = { tokens: ['a', 'b', 'c'], mask: 'causal', X: [[1, 0], [0, 1], [1, 1]], W_Q: [[1, 0], [0, 1]], W_K: [[1, 0], [0, 1]], W_V: [[1, 0], [0, 1]] };
  assert.equal((await page.evaluate((l) => window.attentionLab.setLesson(l), lesson)).ok, true);
  await page.evaluate(() => window.attentionLab.settled());
  const f = await page.evaluate(() => window.attentionLab.exports.svg('weights0'));
  assert.match(f.svg, />Gewichte A = softmax<\/text>/);
  assert.match(f.svg, />durch die Maske verdeckt \(Gewicht 0\)<\/text>/);
  assert.match(f.svg, />0,\d+<\/text>/, 'numbers as the page writes them');
  assert.deepEqual(problems, []);
  await page.close();
});
