// Generating with a KV cache: for a causal lesson of the six steps (up to 32 tokens), what a decoder computes at
// step t — one new query row against t + 1 key and value rows, of which t come from the cache (marked) and one is
// new. The numbers are the engine's (trace.decoding, core/kv_cache.hpp); this view only compares them with the full
// causal computation: the cached key and value rows bit for bit (they never change once written), the new row's
// weights and z to the rounding of a one-row product against the n-row one (its largest difference is shown).
import { escapeHtml } from '../lib/escape.js';
import { shownNumber as formatNumber } from '../numbers.js';
import { t as say } from '../i18n/i18n.js';
import { formatInteger, localizeDigits } from '../i18n/numerals.js';

import { setHtml } from './dom.js';

export const KV_CACHE_MAX_TOKENS = 32;

const rowOf = (m, i) => m.data.subarray(i * m.cols, (i + 1) * m.cols);
const sameBits = (a, b) => a.length === b.length && Array.prototype.every.call(a, (x, k) => Object.is(x, b[k]));
const cells = (v) => Array.from(v, (x) => `<td>${formatNumber(x, 2)}</td>`).join('');

export class KvCacheView {
  constructor(host, on) {
    this.el = document.createElement('section');
    this.el.className = 'kv-cache';
    this.el.setAttribute('aria-label', say('walkthrough.kv.label'));
    this.el.hidden = true;
    host.append(this.el);
    this.el.addEventListener('click', (e) => {
      const b = e.target.closest('button[data-to]');
      if (b) on.reveal(Number(b.dataset.to));
    });
  }

  update(state, t) {
    const steps = t.decoding;
    this.el.hidden = !steps;
    if (!steps) return;
    const n = t.tokens.length, reveal = Math.min(Math.max(state.reveal ?? n, 1), n), at = reveal - 1;
    const step = steps[at];
    let html = `<h3>${say('walkthrough.kv.title', { step: reveal, count: n, token: `<bdi>${escapeHtml(t.tokens[at])}</bdi>` })}</h3>
      <div class="kv-nav"><button type="button" data-to="${Math.max(1, reveal - 1)}"${reveal <= 1 ? ' disabled' : ''}>${say('walkthrough.kv.previous')}</button>
      <button type="button" data-to="${Math.min(n, reveal + 1)}"${reveal >= n ? ' disabled' : ''}>${say('walkthrough.kv.next')}</button></div>
      <p>${say('walkthrough.kv.text', { count: at })}</p>`;
    let allSame = true, gap = 0;
    const widest = (a, b) => { for (let k = 0; k < a.length; k++) gap = Math.max(gap, Math.abs(a[k] - b[k])); };
    step.heads.forEach((h, hk) => {
      const full = t.headTraces[hk];
      html += `<div class="kv-head">${t.heads > 1 ? `<h4>${say('walkthrough.kv.head', { head: hk + 1 })}</h4>` : ''}<table class="kv-table"><caption>${t.heads > 1 ? say('walkthrough.kv.captionHead', { step: reveal, head: hk + 1 }) : say('walkthrough.kv.caption', { step: reveal })}</caption><thead><tr><th>${say('inspector.key')}</th><th>${say('walkthrough.kv.from')}</th>${Array.from({ length: t.dK }, (_, c) => `<th>${localizeDigits(String(c + 1))}</th>`).join('')}<th>${say('inspector.weight')}</th></tr></thead><tbody>`;
      for (let j = 0; j <= at; j++) {
        const cached = j < at;
        // a cached row is what step j wrote, and equal to the full computation's K row j
        const key = cached ? steps[j].heads[hk].k : h.k;
        const same = sameBits(key, rowOf(full.K, j)) && sameBits(cached ? steps[j].heads[hk].v : h.v, rowOf(full.V, j));
        allSame &&= same;
        html += `<tr class="${cached ? 'cached' : 'new'}"><th scope="row"><bdi>${escapeHtml(t.tokens[j])}</bdi></th><td>${say(cached ? 'walkthrough.kv.cache' : 'walkthrough.kv.new')}</td>${cells(key)}<td>${formatNumber(h.weights[j], 3)}</td></tr>`;
      }
      html += '</tbody></table></div>';
      widest(h.weights, rowOf(full.weights, at));
      widest(h.z, rowOf(full.Z, at));
    });
    const saved = step.withoutCache - step.multiplyAdds;
    const total = steps.slice(0, reveal).reduce((a, s) => [a[0] + s.multiplyAdds, a[1] + s.withoutCache], [0, 0]);
    html += `<p class="kv-proof" data-same="${allSame}">${allSame
      ? (at === 0 ? say('walkthrough.kv.sameNew') : say('walkthrough.kv.sameCached', { count: at }))
      : say('walkthrough.kv.differs')}
      ${gap === 0 ? say('walkthrough.kv.exact', { row: reveal }) : say('walkthrough.kv.rounded', { row: reveal, gap: localizeDigits(gap.toExponential(1)) })}</p>`;
    html += `<p class="kv-count">${say('walkthrough.kv.count', { withCache: `<b>${formatInteger(step.multiplyAdds)}</b>`, without: formatInteger(step.withoutCache), saved: formatInteger(saved), step: reveal, total: formatInteger(total[0]), totalWithout: formatInteger(total[1]) })}</p>`;
    setHtml(this.el, html);
  }
}
