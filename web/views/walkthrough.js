// The walkthrough: a card per step of the registry, each drawn by its view (step-views.js): controls, heatmaps
// (rebuilt only when the set of heatmaps changes), notes and the problems of the lesson fields it owns.
import { STEPS } from '../registry.js';
import { highlightFor } from '../page/selection.js';
import { StepCard } from './step-card.js';
import { MatrixView, drawBudget } from './matrix-view.js';
import { STEP_VIEWS } from './step-views.js';
import { LAYER_VIEWS } from './layer-views.js';
import { stepApplies } from '../registry-layer.js';
import { setProp } from './dom.js';
import { idleAfterFirstDrawing } from '../first-drawing.js';

const VIEWS = { ...STEP_VIEWS, ...LAYER_VIEWS };

const ownsField = (step, field) => step.fields.some((x) => field === x || field.startsWith(`${x}[`) || field.startsWith(`${x}.`));

export class Walkthrough {
  /** on: the controller's events (web/page/controller.js). */
  constructor(container, on) {
    this.on = on;
    this.cards = {};
    this.controls = {};
    this.grids = {}; // step id -> {signature, maps: {key: MatrixView}}
    // Heatmaps outlive a trace (their cells describe themselves when focused): they read the trace shown now.
    this.trace = null;
    this.live = new Proxy({}, { get: (_, key) => this.trace[key] });
    STEPS.forEach((step, index) => {
      const card = new StepCard(container, { step, index });
      this.cards[step.id] = card;
      this.controls[step.id] = VIEWS[step.id].controls?.(card.controls, on) ?? null;
    });
  }

  /** Builds the heatmaps of a step again when their set changed (heads, W_O, locks). */
  gridsOf(step, state) {
    const grids = VIEWS[step.id].grids(this.live, state);
    const signature = grids.map((g) => `${g.key}:${g.options.editable ? 'e' : ''}:${g.row ?? ''}`).join();
    const known = this.grids[step.id];
    if (known && known.signature === signature) return known.maps;
    for (const m of Object.values(known?.maps ?? {})) m.dispose();
    const body = this.cards[step.id].body;
    body.replaceChildren();
    const maps = {}, rows = {};
    const rowFor = (g) => {
      const id = g.group !== undefined ? `head${g.group}` : g.row ?? 'main';
      if (rows[id]) return rows[id];
      const row = document.createElement('div');
      row.className = `matrix-row${g.row ? ` ${g.row}` : ''}`;
      if (g.group !== undefined) {
        const group = document.createElement('div');
        group.className = 'head-group';
        if (this.trace.heads > 1) group.innerHTML = `<h3 class="head-title">Head ${g.group + 1}</h3>`;
        group.append(row);
        body.append(group);
      } else body.append(row);
      return (rows[id] = row);
    };
    for (const g of grids) {
      maps[g.key] = new MatrixView(rowFor(g), {
        onSelect: (selection) => this.on.select(selection), matrix: g.matrix, ...(g.head === undefined ? {} : { head: g.head }), ...g.options,
        onEdit: g.options.editable ? (i, j, v) => this.on.cell(g.matrix, i, j, v) : undefined,
      });
    }
    this.grids[step.id] = { signature, maps };
    return maps;
  }

  render(state, trace) {
    // A page opened at its top draws its first card's heatmaps first (the lecture lesson's first drawing built 400
    // table cells, 32 of them on screen); the rest waits as placeholders and is drawn once the page is next idle (the
    // latest state then), before it says it is ready.
    const first = !this.trace && !state.step, budget = drawBudget(), later = { left: 0 };
    if (first) idleAfterFirstDrawing(() => this.render(this.state, this.trace));
    this.trace = trace;
    this.state = state;
    const locked = (name) => state.locked.includes(name);
    let number = 0;
    for (const step of STEPS) {
      const view = VIEWS[step.id], card = this.cards[step.id];
      // a layer's steps exist only for a lesson with a layer (a decoder's cross-attention only for a decoder)
      const applies = stepApplies(step, trace);
      setProp(card.el, 'hidden', !applies || state.hidden.includes(step.id));
      if (!applies) continue;
      card.setNumber(++number);
      const maps = this.gridsOf(step, state), paint = view.paint(trace, state);
      for (const [key, m] of Object.entries(maps)) {
        if (paint[key]?.matrix) m.update({ ...paint[key], highlight: highlightFor(state.selection, m.options.matrix, m.options.head) }, first && number > 1 ? later : budget);
      }
      this.controls[step.id]?.update(state, trace);
      this.controls[step.id]?.lock(locked);
      card.update({ problems: state.problems.filter((p) => ownsField(step, p.field)), notes: view.notes(trace, state) });
    }
  }
}

/** The problems no step owns (shown above the walkthrough). */
export const unownedProblems = (problems) => problems.filter((p) => !STEPS.some((s) => ownsField(s, p.field)));
