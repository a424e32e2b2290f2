// Attention Lab %ATTENTION_LAB_VERSION% — the <attention-lab> element.
// <attention-lab> — Attention Lab on any page with one script:
//   <script src="…/attention-lab.js"></script>
//   <attention-lab preset="toy-dk4" steps="score,scale,softmax" locked="X,W_Q" step="softmax" height="auto" theme="light"></attention-lab>
// Attributes: preset (a built-in lesson id) or lesson (lesson JSON) or lesson-link (a "#v2=…" share link or a whole URL);
// step (the step to open at), steps (the steps shown, comma-separated), locked (inputs students cannot change:
// X, W_Q, W_K, W_V, W_O, sentence, seed, sizes, scale, mask), note (text above the lesson), height ("auto" follows the
// content, or a CSS length), theme ("light" or "dark"), lang (the page's language: en, es, zh-Hans, de, fr, pt-BR, ar;
// without it the reader's own choice or browser's). exercises (a built-in exercise set's name, or exercise-set
// JSON) and seed open the exercises page instead; each checked answer is re-sent as an
// "attention-lab:exercise-result" event (detail: {set, seed, id, correct, attempts, answer, statement}; statement:
// the result as an xAPI statement, its actor left for the host).
// Each element runs the page in its own iframe, so instances never share state. Methods: el.setLesson(lesson) -> Promise
// <{ok, problems}>, el.getLesson() -> Promise<lesson>. Events: "attention-lab:resize" (detail: {height}).
(() => {
  if (customElements.get('attention-lab')) return;
  const script = document.currentScript;
  const base = new URL('./', script && script.src ? script.src : location.href);

  async function encode(payload) {
    const bytes = new TextEncoder().encode(JSON.stringify(payload));
    const packed = new Uint8Array(await new Response(new Response(bytes).body.pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer());
    let s = '';
    for (let i = 0; i < packed.length; i += 0x8000) s += String.fromCharCode.apply(null, packed.subarray(i, i + 0x8000));
    return '#v2=' + btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  }

  // height: a pixel number or a CSS length, kept between 120 px and 20,000 px ("0" must not hide the frame,
  // "99999999" must not make it millions of pixels tall); anything else is the default.
  function boundedHeight(h) {
    const t = String(h).trim();
    if (/^\d+(\.\d+)?(px)?$/.test(t)) return `${Math.max(120, Math.min(parseFloat(t), 20000))}px`;
    const clamped = `clamp(120px, ${t}, 20000px)`;
    return t && !/[;{}]/.test(t) && CSS.supports('height', clamped) ? clamped : '700px';
  }

  let nextId = 1;
  class AttentionLab extends HTMLElement {
    static get observedAttributes() { return ['preset', 'lesson', 'lesson-link', 'step', 'steps', 'locked', 'note', 'height', 'theme', 'exercises', 'seed', 'lang']; }

    constructor() {
      super();
      this.pending = new Map();
      this.onMessage = (e) => {
        if (!this.frame || e.source !== this.frame.contentWindow) return;
        let d = e.data;
        if (typeof d === 'string') { try { d = JSON.parse(d); } catch { return; } }
        if (!d || typeof d !== 'object') return;
        this.frameReady?.(); // the page in the frame is listening: requests can go
        if (d.type === 'attention-lab:resize' && Number.isFinite(d.height)) {
          if (this.autoHeight) this.frame.style.height = `${Math.max(120, Math.min(d.height, 20000))}px`;
          this.dispatchEvent(new CustomEvent('attention-lab:resize', { detail: { height: d.height } }));
        } else if (d.type === 'attention-lab:exercise-result') {
          const { set, seed, id, correct, attempts, answer, statement } = d;
          this.dispatchEvent(new CustomEvent('attention-lab:exercise-result', { detail: { set, seed, id, correct, attempts, answer, statement }, bubbles: true }));
        } else if (d.id && this.pending.has(d.id)) {
          this.pending.get(d.id)(d);
          this.pending.delete(d.id);
        }
      };
    }

    connectedCallback() { addEventListener('message', this.onMessage); this.render(); }
    disconnectedCallback() { removeEventListener('message', this.onMessage); }
    attributeChangedCallback() { if (this.isConnected) this.render(); }

    async render() {
      const seq = (this.seq = (this.seq ?? 0) + 1);
      const root = this.shadowRoot ?? this.attachShadow({ mode: 'open' });
      const exercises = this.getAttribute('exercises');
      const url = new URL(exercises === null ? 'index.html' : 'exercises.html', base);
      url.searchParams.set('embed', '1');
      for (const name of ['preset', 'step', 'steps', 'locked', 'note', 'theme', 'lang']) if (this.hasAttribute(name)) url.searchParams.set(name, this.getAttribute(name));
      let hash = '';
      try {
        if (exercises !== null) {
          const text = exercises.trim();
          const bytes = new TextEncoder().encode(text);
          let bin = '';
          for (const b of bytes) bin += String.fromCharCode(b);
          const set = text.startsWith('{') ? `setjson=${btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}` : `set=${encodeURIComponent(text)}`;
          hash = `#${set}${this.hasAttribute('seed') ? `&seed=${encodeURIComponent(this.getAttribute('seed'))}` : ''}`;
        } else if (this.hasAttribute('lesson')) {
          hash = await encode({ l: JSON.parse(this.getAttribute('lesson')) });
        } else if (this.hasAttribute('lesson-link')) {
          const link = this.getAttribute('lesson-link');
          hash = link.startsWith('#') ? link : new URL(link, location.href).hash;
        }
      } catch (err) {
        hash = '#v2=not-a-lesson'; // the page shows its notice: the attribute could not be read
      }
      if (seq !== this.seq) return;
      url.hash = hash;
      const h = this.getAttribute('height') ?? 'auto';
      this.autoHeight = h === 'auto';
      if (!this.frame) {
        // a constructed style sheet, not a <style>: a host page under a strict Content-Security-Policy allows it
        const css = ':host{display:block} iframe{display:block;width:100%;border:0;color-scheme:normal}';
        if ('adoptedStyleSheets' in root) {
          const sheet = new CSSStyleSheet();
          sheet.replaceSync(css);
          root.adoptedStyleSheets = [sheet];
        } else {
          root.innerHTML = `<style>${css}</style>`;
        }
        this.frame = document.createElement('iframe');
        this.frame.title = this.getAttribute('title') ?? 'Attention Lab';
        this.frame.setAttribute('allow', 'clipboard-write');
        root.append(this.frame);
      }
      this.frame.style.height = this.autoHeight ? (this.frame.style.height || '700px') : boundedHeight(h);
      if (this.frame.src !== url.href) {
        this.ready = new Promise((done) => { this.frameReady = done; });
        this.frame.src = url.href;
      }
    }

    // Sent once the page in the frame has spoken (it is listening then); a message that cannot be sent (a
    // function or a DOM node inside the lesson) answers at once with why.
    async request(message) {
      const id = `al-${nextId++}`;
      if (!this.frame) return { ok: false, problems: [{ field: 'lesson', message: 'the element is not on a page' }] };
      await this.ready;
      return new Promise((done) => {
        this.pending.set(id, done);
        try {
          this.frame.contentWindow.postMessage({ ...message, id }, base.origin === 'null' ? '*' : base.origin);
        } catch (err) {
          this.pending.delete(id);
          done({ ok: false, problems: [{ field: 'lesson', message: `cannot be sent to the frame: ${err.message}` }] });
        }
      });
    }

    /** Sets the lesson (validated by the engine in the frame): {ok, problems}. */
    async setLesson(lesson) { const r = await this.request({ type: 'attention-lab:set-lesson', lesson }); return { ok: !!r.ok, problems: r.problems ?? [] }; }
    /** The frame's current lesson. */
    async getLesson() { return (await this.request({ type: 'attention-lab:get-lesson' })).lesson; }
  }
  customElements.define('attention-lab', AttentionLab);
})();
