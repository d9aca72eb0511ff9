// Prose that gives away the answer of prediction exercises (`::: answer FILE…` in
// lesson.md). It stays hidden until the learner has committed a prediction for every
// exercise it names (prediction-gate.ts announces each commit), so the answer never sits
// right under the box that asks for it.
import { h } from '../dom.js';
import { renderMarkdown } from '../markdown.js';
import * as storage from '../storage.js';
import { PREDICTION_COMMITTED } from '../example/prediction-gate.js';

export function renderPredictionAnswer(slug: string, block: { files: string[]; text: string; line: number }): HTMLElement {
  const committed = () => block.files.every((f) => storage.load(storage.keys.prediction(slug, f)) !== undefined);
  const names = block.files.join(' and ');
  const waiting = h(
    'p',
    { class: 'note answer-waiting' },
    `The answer to ${block.files.length > 1 ? 'these predictions' : 'this prediction'} (${names}) appears here once you commit your prediction${block.files.length > 1 ? 's' : ''} above.`,
  );
  const answer = h('div', { class: 'prose prediction-answer', id: `answer-${slug}-${block.line}` }, renderMarkdown(block.text));
  const element = h('div', { class: 'prediction-answer-slot', 'data-files': block.files.join(' ') }, waiting, answer);
  const sync = () => {
    const open = committed();
    answer.hidden = !open;
    waiting.hidden = open;
  };
  sync();
  // A commit can only come from the page this slot is on; once that page is gone, the
  // first commit elsewhere removes the listener.
  const onCommit = () => (element.isConnected ? sync() : document.removeEventListener(PREDICTION_COMMITTED, onCommit));
  document.addEventListener(PREDICTION_COMMITTED, onCommit);
  return element;
}
