// The built-in lessons, in the order of the lectures. Each is a plain lesson JSON file beside this one.
import dog from './dog-ran-fast.json' with { type: 'json' };
import slideStep4 from './slide-step4.json' with { type: 'json' };
import toy from './toy-dk4.json' with { type: 'json' };
import lecture20 from './lecture20-seed20.json' with { type: 'json' };
import retrieval from './retrieval-toy.json' with { type: 'json' };
import jane from './jane-cinema.json' with { type: 'json' };
import raschka from './raschka-2024.json' with { type: 'json' };
import translation from './translation-decoder.json' with { type: 'json' };

export const PRESETS = [
  { id: 'lecture20-seed20', label: 'Lecture 20 NumPy script (seed 20)', lesson: lecture20 },
  { id: 'dog-ran-fast', label: '“The dog ran fast” — the slide’s numbers', lesson: dog },
  { id: 'slide-step4', label: '“The dog ran fast” — the slide’s weights (step 4: 0.99 and Z)', lesson: slideStep4 },
  { id: 'toy-dk4', label: 'Fully worked toy example (d_k = 4)', lesson: toy },
  { id: 'retrieval-toy', label: 'Retrieval toy: query 1 matches key 2', lesson: retrieval },
  { id: 'jane-cinema', label: '“Jane is going to the cinema to watch a new ___”', lesson: jane },
  { id: 'raschka-2024', label: 'Raschka 2024: “Life is short, eat dessert first”', lesson: raschka },
  { id: 'translation-decoder', label: 'Translation: encoder–decoder layer with cross-attention', lesson: translation },
];

export const DEFAULT_PRESET = PRESETS[0];

export function presetById(id) {
  return PRESETS.find((p) => p.id === id) ?? null;
}
