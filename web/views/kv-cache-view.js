// Generating with a KV cache: for a causal lesson of the six steps (up to 32 tokens), what a decoder computes at
// step t — one new query row against t + 1 key and value rows, of which t come from the cache (marked) and one is
// new. The numbers are the engine's (trace.decoding, core/kv_cache.hpp); this view only compares them with the full
// causal computation: the cached key and value rows bit for bit (they never change once written), the new row's
// weights and z to the rounding of a one-row product against the n-row one (its largest difference is shown).
import { escapeHtml } from '../lib/escape.js';
import { formatNumber } from '../numbers.js';
import { setHtml } from './dom.js';

export const KV_CACHE_MAX_TOKENS = 32;

const rowOf = (m, i) => m.data.subarray(i * m.cols, (i + 1) * m.cols);
const sameBits = (a, b) => a.length === b.length && Array.prototype.every.call(a, (x, k) => Object.is(x, b[k]));
const cells = (v) => Array.from(v, (x) => `<td>${formatNumber(x, 2)}</td>`).join('');

export class KvCacheView {
  constructor(host, on) {
    this.el = document.createElement('section');
    this.el.className = 'kv-cache';
    this.el.setAttribute('aria-label', 'Generate with a KV cache');
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
    let html = `<h3>Generate with a KV cache: step ${reveal} of ${n}, ${escapeHtml(t.tokens[at])}</h3>
      <div class="kv-nav"><button type="button" data-to="${Math.max(1, reveal - 1)}"${reveal <= 1 ? ' disabled' : ''}>← previous token</button>
      <button type="button" data-to="${Math.min(n, reveal + 1)}"${reveal >= n ? ' disabled' : ''}>next token →</button></div>
      <p>A decoder generates one token at a time. At this step it computes the query, key and value of the new token only;
      the ${at} earlier keys and values are read from the cache, where the earlier steps wrote them.</p>`;
    let allSame = true, gap = 0;
    const widest = (a, b) => { for (let k = 0; k < a.length; k++) gap = Math.max(gap, Math.abs(a[k] - b[k])); };
    step.heads.forEach((h, hk) => {
      const full = t.headTraces[hk];
      html += `<div class="kv-head">${t.heads > 1 ? `<h4>Head ${hk + 1}</h4>` : ''}<table class="kv-table"><caption>K rows at step ${reveal}${t.heads > 1 ? `, head ${hk + 1}` : ''}</caption><thead><tr><th>key</th><th>from</th>${Array.from({ length: t.dK }, (_, c) => `<th>${c + 1}</th>`).join('')}<th>weight</th></tr></thead><tbody>`;
      for (let j = 0; j <= at; j++) {
        const cached = j < at;
        // a cached row is what step j wrote, and equal to the full computation's K row j
        const key = cached ? steps[j].heads[hk].k : h.k;
        const same = sameBits(key, rowOf(full.K, j)) && sameBits(cached ? steps[j].heads[hk].v : h.v, rowOf(full.V, j));
        allSame &&= same;
        html += `<tr class="${cached ? 'cached' : 'new'}"><th scope="row"><bdi>${escapeHtml(t.tokens[j])}</bdi></th><td>${cached ? 'cache' : 'new'}</td>${cells(key)}<td>${formatNumber(h.weights[j], 3)}</td></tr>`;
      }
      html += '</tbody></table></div>';
      widest(h.weights, rowOf(full.weights, at));
      widest(h.z, rowOf(full.Z, at));
    });
    const saved = step.withoutCache - step.multiplyAdds;
    const total = steps.slice(0, reveal).reduce((a, s) => [a[0] + s.multiplyAdds, a[1] + s.withoutCache], [0, 0]);
    html += `<p class="kv-proof" data-same="${allSame}">${allSame
      ? `✓ Bit-identical: the ${at === 0 ? 'new' : `${at} cached`} K and V row${at === 1 ? '' : 's'} equal the full causal computation’s, to the last bit — a cached row never changes.`
      : '✗ A cached row differs from the full causal computation.'}
      The new weights and z row equal row ${reveal} of the full computation ${gap === 0 ? 'exactly' : `to ${gap.toExponential(1)} (one rounding of a one-row product instead of the whole matrix)`}.</p>`;
    html += `<p class="kv-count">This step: <b>${step.multiplyAdds.toLocaleString('en')}</b> multiply-adds with the cache, ${step.withoutCache.toLocaleString('en')} without (${saved.toLocaleString('en')} saved by not projecting the earlier tokens’ keys and values again). Steps 1–${reveal}: ${total[0].toLocaleString('en')} instead of ${total[1].toLocaleString('en')}.</p>`;
    setHtml(this.el, html);
  }
}
