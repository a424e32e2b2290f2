// Query options (?steps=, ?locked=, ?step=, ?note=; an embed's attributes) seed the view of a page opened
// without a state of its own. A link's state wins: once the page has written its fragment (every edit does),
// a reload or a shared link shows what the instructor last set, not the query's first values; share links
// drop these options. In an embed (?embed=1) the options are the host's attributes, given again on every open,
// so there they apply over the link's view. Names that are not steps or inputs are reported, and a view may
// not hide every step (that would be a blank page).
import { stepById } from './registry.js';
export const VIEW_QUERY = ['steps', 'locked', 'step', 'note', 'preset'];

const list = (text, allowed) => {
  const words = String(text ?? '').split(',').map((x) => x.trim()).filter(Boolean);
  return { known: words.filter((w) => allowed.includes(w)), unknown: words.filter((w) => !allowed.includes(w)) };
};
const quoted = (words) => words.map((w) => `“${w.slice(0, 40)}”`).join(', ');

/** {state, notice}: `state` with the query's view options applied (unless it came from a link). */
export function seedFromQuery(query, state, { fromLink, steps, lockable, maxNote }) {
  const out = { ...state };
  const notices = [];
  if (!fromLink) {
    if (query.has('steps')) {
      const { known, unknown } = list(query.get('steps'), steps);
      if (unknown.length) notices.push(`The steps option names ${quoted(unknown)}, which ${unknown.length === 1 ? 'is not a step' : 'are not steps'} (steps: ${steps.join(', ')}).`);
      if (known.length) out.hidden = steps.filter((id) => !known.includes(id));
      else notices.push('The steps option shows no step, so all six are shown.');
    }
    if (query.has('locked')) {
      const { known, unknown } = list(query.get('locked'), lockable);
      if (unknown.length) notices.push(`The locked option names ${quoted(unknown)}, which cannot be locked (inputs: ${lockable.join(', ')}).`);
      out.locked = known;
    }
    if (steps.includes(query.get('step'))) out.step = query.get('step');
    if (query.has('note')) {
      const note = [...query.get('note')];
      if (note.length > maxNote) notices.push(`The note option is longer than ${maxNote} characters; only its start is shown.`);
      out.note = note.slice(0, maxNote).join('');
    }
  }
  return { state: withSomeStepShown(out, steps, notices), notice: notices.join(' ') };
}

/** A state that hides all six steps would be a blank page: show them all, and say why. */
export function withSomeStepShown(state, steps, notices) {
  // (the six steps every lesson has decide it: a layer's steps are drawn only for a lesson with a layer)
  const always = steps.filter((id) => !stepById(id)?.applies);
  if (!Array.isArray(state.hidden) || !always.every((id) => state.hidden.includes(id))) return state;
  notices?.push('This view hid every step, so all six are shown.');
  return { ...state, hidden: [] };
}
