// The built-in exercise sets, one per lecture example plus the exit ticket. Each is a plain exercise-set JSON
// file (core/exercise-format.md) in sets/; `attnlab exercises sets/NAME.json --seed S` prints its answer keys.
import lecture20 from './sets/lecture20-seed20.json';
import toy from './sets/toy-dk4.json';
import retrieval from './sets/retrieval-toy.json';
import raschka from './sets/raschka-2024.json';
import multiHead from './sets/multi-head.json';
import exitTicket from './sets/exit-ticket.json';
import transformerLayer from './sets/transformer-layer.json';
import lectureIdeas from './sets/lecture-ideas.json';

export const SETS = [
  { id: 'exit-ticket', label: 'Exit ticket: one attention step by hand', set: exitTicket },
  { id: 'lecture20-seed20', label: 'Lecture 20 NumPy script (seed 20)', set: lecture20 },
  { id: 'toy-dk4', label: 'Fully worked toy (d_k = 4)', set: toy },
  { id: 'retrieval-toy', label: 'Retrieval toy: a query finds its key', set: retrieval },
  { id: 'raschka-2024', label: 'Raschka 2024: “Life is short, eat dessert first”', set: raschka },
  { id: 'multi-head', label: 'Multi-head: two heads and W_O', set: multiHead },
  { id: 'lecture-ideas', label: 'Lecture 20’s ideas: “bank” in two contexts, Bahdanau, masks', set: lectureIdeas },
  { id: 'transformer-layer', label: 'The Transformer layer: norm, residual, feed-forward, cross-attention', set: transformerLayer },
];

export const setById = (id) => SETS.find((s) => s.id === id) ?? null;
