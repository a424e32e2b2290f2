// The JS contract of the Attention Lab engine (wasm/engine-core.js over an Emscripten module: wasm/engine.js loads
// the one with the exercises, wasm/walkthrough-engine.js the walkthrough's, which has no exercises() or command()).
// Everything returned is a copy: nothing points into wasm memory, so results stay valid forever. Within a trace,
// matrices with the same numbers may be one object (masked and scaled, concat and one head's Z, output and concat
// without W_O, inputs.X and X): a caller that writes into one copies it first.

/** A matrix as it crosses the boundary: flat, row-major, with its shape. */
export interface Matrix {
  rows: number;
  cols: number;
  data: Float64Array; // length rows * cols; hidden cells of `masked` are -Infinity
}

/** One validation problem: the field it concerns (e.g. "W_Q", "mask.padding[2]", "init.draws[1].shape") and what is
 *  wrong, in English (`message`) and as a stable `code` (core/problem_codes.def) with the `params` its message names,
 *  so a page can say it in its reader's language (message engine.<code> of web/i18n/locales/<lang>.json). */
export interface Problem {
  field: string;
  message: string;
  code: string;
  params: Record<string, number | string>;
}

export interface SoftmaxTrace {
  max: Float64Array;  // per row: the max over visible keys (NaN for an empty row)
  exp: Matrix;        // exp(scaled - max), 0 where hidden
  sum: Float64Array;  // per row: the sum of exp (0 for an empty row)
}

export interface HeadTrace {
  Q: Matrix; K: Matrix; V: Matrix;
  scores: Matrix;   // n x n alignment scores (QKᵀ for dot products)
  scaled: Matrix;   // scores / divisor
  masked: Matrix;   // scaled, hidden cells = -Infinity (where nothing is hidden it may be the same object as scaled)
  weights: Matrix;  // row softmax; hidden cells exactly 0
  Z: Matrix;        // weights · V
  softmax: SoftmaxTrace;
  emptyRows: number[]; // rows whose every key is hidden: all-zero weights
  givenRows: number[]; // rows the lesson gave literally ("weights"): not the softmax of the scaled row
}

export interface Trace {
  tokens: string[];
  unchanged: string[];         // what the engine took over from the trace before (an edit left it alone): X, W_Q, Q, scores, …
  tokenIds: number[] | null;   // when the lesson had a vocabulary (sentence or vocab given)
  vocab: string[] | null;
  dModel: number; dK: number; dV: number; heads: number;
  score: 'scaled_dot' | 'dot' | 'general' | 'additive' | 'cosine' | 'location';  // the score function used
  scale: 'sqrt_dk' | 'none' | number;
  mask: 'none' | 'causal' | 'padding' | 'matrix';  // the lesson's mask, by the form its field takes  // the scale rule used ("automatic" resolved): what the divisor follows from
  divisor: number;             // what scores were divided by (1 when scale is "none")
  visible: Uint8Array;         // n x keys, 1 = query i may see key j
  keys: number;                // keys per query: n, or m for a cross-attention of the six steps (source, no layer)
  X: Matrix;
  headTraces: HeadTrace[];
  concat: Matrix;              // n x h·d_v (one head: the same object as its Z)
  output: Matrix;              // concat · W_O, or concat (the same object)
  inputs: Record<string, Matrix>; // the lesson's matrices as used, drawn or literal: X, W_Q, W_K, W_V, W_O, E, W_a, …
                                  // and the Transformer's ("layer.W_ff1", "layer.ln1.gamma", "cross.W_Q", "b_Q"; vectors 1 × length)
  // ---- the Transformer parts (core/trace.hpp), where the lesson has them ----
  P?: Matrix; XplusP?: Matrix;     // positions and what attention reads (n x d_model)
  source?: { tokens: string[]; X: Matrix };  // the sequence a cross-attention attends over (m x d_model)
  cross?: CrossAttentionTrace;     // a decoder layer's cross-attention (n x m per head)
  layer?: LayerTrace;              // a whole encoder or decoder layer
}

export interface NormTrace { mean: Float64Array; var: Float64Array; normalized: Matrix; output: Matrix }
export interface CrossAttentionTrace {
  dK: number; dV: number; divisor: number;
  visible: Uint8Array;             // n x m, 0 = a padded source token
  headTraces: HeadTrace[]; concat: Matrix; output: Matrix;
}
/** Post-norm: norm_k = LN_k(sum_k); pre-norm: norm_k = LN_k(stream) is what sub-layer k reads (core/layer.hpp). */
export interface LayerTrace {
  norm: 'post' | 'pre'; activation: 'relu' | 'gelu'; eps: number;
  input: Matrix; attention: Matrix; sum1: Matrix; norm1: NormTrace;
  crossAttention?: Matrix; sum3?: Matrix; norm3?: NormTrace;  // decoder only
  ffnHidden: Matrix; ffnActivated: Matrix; ffnOutput: Matrix; sum2: Matrix; norm2: NormTrace;
  output: Matrix;                  // n x d_model
}
export interface NormExplanation { norm: number; i: number; c: number; row: number[]; mean: number; var: number; eps: number; root: number; x: number; normalized: number; gamma: number; beta: number; output: number }
export interface FeedForwardExplanation { i: number; t: number; terms: Term[]; bias: number; sum: number; activated: number }
/** One position of a causal lesson decoded with a KV cache (core/kv_cache.hpp). */
export interface DecodeStep {
  position: number; output: number[]; multiplyAdds: number; withoutCache: number;
  heads: { q: number[]; k: number[]; v: number[]; scores: number[]; weights: number[]; z: number[] }[];
}

/** `crashed`: the engine stopped (a trap, abort or out of memory) during or before this call; problems[0] (field
 *  "engine") says why. Restart it with Engine.restart(). */
export type Result<T> = { ok: true; value: T } | { ok: false; problems: Problem[]; crashed?: true };

/** A lesson is the engine's JSON input (core/lesson-format.md). Matrix fields may be arrays of rows or, to skip
 *  JSON for large inputs, a Matrix ({rows, cols, data}). */
export type Lesson = Record<string, unknown>;

export interface Term { a: number; b: number; product: number }
export interface ScoreExplanation { head: number; i: number; j: number; terms: Term[]; sum: number; divisor: number; scaled: number; hidden: boolean }
export interface SoftmaxExplanation { head: number; i: number; max: number; shifted: number[]; exp: number[]; sum: number; weights: number[]; hidden: boolean[]; empty: boolean; given?: number[] } // given: a row the lesson gave (weights then the softmax's own)
export interface OutputExplanation { head: number; i: number; t: number; terms: Term[]; sum: number } // a = weight[i][j], b = V[j][t]

export type Answer =
  | { type: 'number'; value: number }
  | { type: 'vector'; values: number[] }
  | { type: 'choice'; index: number; choices: string[] }
  | { type: 'mask'; zeros: number[]; weights: number[] }
  | { type: 'shapes'; shapes: Record<string, [number, number]> };
/** A sentence as a message of the page's (web/i18n/locales, under exercises.kinds.) with its parameters. */
export interface Message { key: string; params: Record<string, string | number | number[]> }
export interface Exercise {
  id: string; kind: string; prompt: string; given: Record<string, unknown>; answer: Answer; tolerance: number;
  prompt_key: string; prompt_params: Message['params']; // the prompt as a message, for the page's languages
  mistakes: { answer: Answer; hint: string; hint_key: string; hint_params?: Message['params'] }[]; // answers that common mistakes give, with a targeted hint
  solution: string[];                           // the worked steps, with the numbers
  solution_keys: (Message | null)[];            // each step as a message, or null for arithmetic shown as written
  choice_keys?: string[];                       // a choice answer's options as messages (why_scale)
}
export interface ExerciseSheet { title: string; seed: number; visible_steps: string[]; exercises: Exercise[] }

/** The page's state as a link holds it (web/share.js). */
export interface PageState {
  lesson: Lesson;
  preset: string | null;
  step: string | null;     // a step id of core/steps.json (web/registry.js)
  selection: { matrix: string; head: number; row: number; col: number } | null;
  reveal: number | null;   // the causal decoding step, 1..512
  hidden: string[];        // step ids
  locked: string[];        // input names
  note: string;
}
/** A decoded fragment: a state (version 1 or 2 of the link format), nothing to read ("", "#step-…"), or why not. */
export type DecodedFragment =
  | { ok: true; version: 1 | 2; state: PageState }
  | { ok: false; empty: true }
  | { ok: false; message: string };

export interface Engine {
  /** Validate and compute every intermediate. Never throws for bad input: problems come back as values.
   *  options.reuse: a trace the caller no longer needs. Its arrays take this trace's numbers, which saves allocating
   *  them (in a browser, about half the call at (128, 256, 4) and two thirds at (512, 768, 12)); each of its matrices
   *  whose array was taken is left with no numbers (data of length 0). What this trace keeps of it is untouched. */
  trace(lesson: Lesson | string, options?: { reuse?: Trace | null }): Result<Trace>;
  /** The arrays of `trace` are never reused (trace's `reuse`), also where a later trace took its matrices over
   *  unchanged: for a trace handed to someone who may read it later. */
  pin(trace: Trace): void;
  /** Every problem in the lesson (empty when valid), without computing it: the engine keeps its last trace. */
  check(lesson: Lesson | string): Problem[];
  /** The lesson checked and sized without computing it (core/trace_size.hpp): roughly the multiply-adds of its
   *  trace (the page sends a lesson past 2·10⁸ to its worker) and the numbers of its trace JSON. */
  plan(lesson: Lesson | string): { ok: true; work: number; numbers: number } | { ok: false; problems: Problem[]; crashed?: true };
  /** What the engine accepts that a page offers as choices. */
  schema(): { maxSeed: number; maskKinds: Trace['mask'][]; maxTokens: number; maxDim: number; maxHeads: number; maxTraceNumbers: number };
  /** The lesson of the last successful trace(): the one explainScore/explainSoftmax/explainOutput answer about. */
  readonly traced: Lesson | string | null;
  /** The CLI's JSON trace text (17 significant digits, hidden cells null), byte-identical to native `attnlab trace`. */
  traceJson(lessonText: string): Result<string>;
  /** One student's exercises from an exercise set (core/exercise-format.md) and a seed, with answer keys. */
  exercises(set: object | string, seed: number): Result<ExerciseSheet>;
  /** The engine's tokenizer: words and punctuation. */
  tokenize(sentence: string): string[];
  /** A link's fragment (location.hash: "#v2=…", the first format "#{…}", or none) decoded, its view fields checked
   *  (core/fragment.hpp). The state's lesson is not checked yet: pass it to check(). Never throws for any text. */
  decodeFragment(hash: string): DecodedFragment;
  /** A state payload ({l: lesson, p?, s?, sel?, r?, hide?, lock?, note?}: what a "#v2=" link unpacks to), read and
   *  checked as decodeFragment reads a link. The page reads the copy it kept of a state too large for a link. */
  readPayload(payload: unknown): DecodedFragment;
  /** Arithmetic behind one cell of the last successful trace(). */
  explainScore(head: number, i: number, j: number): ScoreExplanation;
  explainSoftmax(head: number, i: number): SoftmaxExplanation;
  explainOutput(head: number, i: number, t: number): OutputExplanation;
  /** Q/K/V[i][t] of a head: row i of X times column `column` (= head·d_k + t) of W_Q/W_K/W_V, term by term. */
  explainProjection(matrix: 'Q' | 'K' | 'V', head: number, i: number, t: number): { head: number; i: number; t: number; column: number; terms: { a: number; b: number; product: number }[]; sum: number } | null;
  /** Layer norm k (1, 2, 3) at (i, c): mean, variance, normalised value, γ, β; null when there is none. */
  explainNorm(k: number, i: number, c: number): NormExplanation | null;
  /** ffn_hidden[i][u] term by term (and its activation), ffn_output[i][c] term by term. */
  explainFfnHidden(i: number, u: number): FeedForwardExplanation | null;
  explainFfnOutput(i: number, c: number): FeedForwardExplanation | null;
  /** A decoder's cross-attention score: q_i (decoder) · k_j (source), term by term. */
  explainCrossScore(head: number, i: number, j: number): ScoreExplanation | null;
  /** A causal lesson of the six steps decoded one position at a time with a KV cache; value null for other lessons. */
  decode(lesson: Lesson | string): Result<DecodeStep[] | null>;
  /** The size of the wasm heap now, in bytes (it only grows). */
  memoryBytes(): number;

  // ---- crashes: a trap in the wasm code, an Emscripten abort or running out of memory stops the instance ----
  // Calls after that return {ok: false, crashed: true} (trace, traceJson, exercises) or throw EngineCrashedError
  // (the others) until restart() resolves. The engine object stays the same across restarts.
  /** True from a crash until restart() has finished. */
  readonly crashed: boolean;
  /** Called (synchronously, inside the failing call) once per crash with the reason; returns an unsubscribe function. */
  onCrash(listener: (reason: string) => void): () => void;
  /** Instantiates a fresh module from the same factory and options. Its last trace is gone: trace() again. */
  restart(): Promise<void>;
  /** Tests only: a deliberate trap now (returns the crashed Result), or inside the next call ({next: true}). */
  debugTrap(options?: { next?: boolean }): Result<never> | { ok: true };
}

/** Thrown by calls into a crashed engine. */
export class EngineCrashedError extends Error {
  readonly name: 'EngineCrashedError';
  readonly crashed: true;
  readonly reason: string; // e.g. "unreachable", "memory access out of bounds", "Aborted(OOM)"
}
/** Whether an error thrown by a call into the module means the instance is dead. */
export function isEngineCrash(err: unknown): boolean;

/** Loads (once; later calls return the same promise) the wasm engine. In Node pass {wasmBinary}. */
export function loadEngine(options?: { wasmBinary?: Uint8Array }): Promise<Engine>;

// ---- The labs page (web/labs/engine-labs.js over wasm/bindings_labs.cpp) ----------------------------------------
// Non-finite numbers arrive as ±Infinity / NaN (the engine sends them as "inf", "-inf", "nan").

export interface SoftmaxStats { maxWeight: number; entropy: number; jacobianNorm: number }
export interface ScaleLabRow {
  dK: number;
  rawVariance: number;     // variance of every entry of Q Kᵀ
  scaledVariance: number;  // the same for Q Kᵀ / √d_k
  raw: SoftmaxStats;       // averaged over the queries
  scaled: SoftmaxStats;
  example: { rawScores: number[]; scaledScores: number[]; rawWeights: number[]; scaledWeights: number[] }; // query 0
}
export interface SoftmaxRun {
  half: boolean; subtractMax: boolean; name: string;
  inputs: number[]; max: number; shifted: number[]; exp: number[]; sum: number; weights: number[];
  overflow: boolean; // an exp or the sum is +Infinity
  invalid: boolean;  // a weight is NaN
}
export interface AlignmentStep { kind: 'dot' | 'scaled_dot' | 'general' | 'additive' | 'cosine' | 'location'; scores: number[]; weights: number[]; context: number[] }
export interface TrainingState {
  step: number; loss: number; accuracy: number;
  since: number; losses: number[]; accuracies: number[]; // history entries from index `since` (entry t = after t updates)
  weights: number[][];  // attention weights of the shown example
  probs: number[];      // the model's probabilities for its masked token (one per symbol)
  example: { ids: number[]; position: number; target: number };
  examples: number; vocabulary: string[]; // symbols, then "[MASK]"
}
export interface LabsEngine {
  scaleLab(options: { dK?: number[]; queries?: number; keys?: number; seed?: number }): ScaleLabRow[];
  softmaxPrecision(options: { logits: number[]; hidden?: boolean[]; mask?: number }): { runs: SoftmaxRun[]; halfMax: number };
  bahdanau(options: { H: number[][]; S: number[][]; seed?: number; dA?: number }):
    { steps: AlignmentStep[][]; parameters: Record<string, number[][]> } | { error: string };
  trainReset(options: { seed?: number; symbols?: number; halfLength?: number; dModel?: number; dK?: number;
    examples?: number; learningRate?: number; adam?: boolean }, shown?: number): TrainingState;
  trainStep(updates: number, shown?: number, since?: number): TrainingState;
  /** A lesson through the main engine: the `attnlab trace` JSON as an object, or {problems}. */
  trace(lesson: Lesson | string): Record<string, unknown> | { problems: Problem[] };
  /** What the engine accepts that the labs offer as choices. */
  schema(): { maxSeed: number; maxTokens: number; maxDim: number; maxHeads: number; maxTraceNumbers: number };
  // After a crash each method answers with its own last result (or throws EngineCrashedError when it has none)
  // until restart() resolves; the training run then starts over (trainReset).
  readonly crashed: boolean;
  onCrash(listener: (reason: string) => void): () => void;
  restart(): Promise<void>;
  debugTrap(options?: { next?: boolean }): void;
}
/** The labs page's own instance of the module (loaded once). In Node pass {wasmBinary}. */
export function loadLabsEngine(options?: { wasmBinary?: Uint8Array }): Promise<LabsEngine>;
