// A prediction exercise asks the learner to predict its output before running it, and its
// checkpoints (the `//! expect` lines) are that output. Until the learner commits to a
// prediction, the code is shown read-only with those values hidden, and the editor and its
// buttons wait; the prediction is kept in this browser and shown once committed.
import { h } from '../dom.js';
import * as storage from '../storage.js';
import { hideExpectedValues } from './code-transforms.js';

/** Dispatched on `document` when a prediction is committed (the lesson's answer prose listens). */
export const PREDICTION_COMMITTED = 'wgsl-lab:prediction-committed';

export interface PredictionGate {
  element: HTMLElement;
  committed(): boolean;
}

export function createPredictionGate(opts: { id: string; slug: string; file: string; code: string; onCommit: () => void }): PredictionGate {
  const key = storage.keys.prediction(opts.slug, opts.file);
  const element = h('div', { class: 'prediction' });
  const showCommitted = (text: string) =>
    element.replaceChildren(h('p', { class: 'prediction-made' }, h('strong', {}, 'Your prediction: '), text));
  const saved = storage.load(key);
  if (saved !== undefined) {
    showCommitted(saved);
    return { element, committed: () => true };
  }
  let committed = false;
  const input = h('textarea', { id: `${opts.id}-prediction`, rows: 2, class: 'answer-input' });
  const error = h('p', { class: 'status bad', hidden: true }, 'Write a prediction first, even a rough one.');
  const commit = h('button', { type: 'button', class: 'primary' }, 'Commit to my prediction');
  commit.addEventListener('click', () => {
    const text = input.value.trim();
    error.hidden = text !== '';
    if (!text) return;
    storage.save(key, text);
    committed = true;
    showCommitted(text);
    opts.onCommit();
    document.dispatchEvent(new CustomEvent(PREDICTION_COMMITTED, { detail: { slug: opts.slug, file: opts.file } }));
  });
  element.append(
    h('p', {}, 'Predict first. The checkpoints of this exercise are the answer, so they stay hidden (?) until you commit.'),
    // tabindex: the preview scrolls sideways on narrow screens; keyboard users can scroll it too.
    h(
      'pre',
      { class: 'code-preview', tabindex: 0, role: 'group', 'aria-label': `${opts.file} with its expected values hidden` },
      hideExpectedValues(opts.code),
    ),
    h('label', { for: `${opts.id}-prediction` }, 'Your prediction (kept in this browser)'),
    input,
    error,
    h('div', { class: 'controls' }, commit),
  );
  return { element, committed: () => committed };
}
