// A question box: the prompt, a text area for the reader's answer (kept in localStorage)
// and a button that reveals the model answer.
import { h } from '../dom.js';
import { renderMarkdown } from '../markdown.js';
import * as storage from '../storage.js';

export function renderQuestion(slug: string, q: { prompt: string; answer: string; line: number }, number: number): HTMLElement {
  const id = `q-${slug}-${q.line}`;
  const key = storage.keys.answer(slug, q.line);
  const textarea = h('textarea', { id: `${id}-answer`, rows: 4, class: 'answer-input' });
  textarea.value = storage.load(key) ?? '';
  textarea.addEventListener('input', () => (textarea.value ? storage.save(key, textarea.value) : storage.remove(key)));
  const model = h('div', { class: 'model-answer', id: `${id}-model`, hidden: true }, h('h4', {}, 'Model answer'), renderMarkdown(q.answer));
  const toggle = h('button', { type: 'button', 'aria-expanded': 'false', 'aria-controls': `${id}-model` }, 'Show model answer');
  toggle.addEventListener('click', () => {
    model.hidden = !model.hidden;
    toggle.setAttribute('aria-expanded', String(!model.hidden));
    toggle.textContent = model.hidden ? 'Show model answer' : 'Hide model answer';
  });
  return h(
    'section',
    { class: 'question', 'aria-labelledby': `${id}-title` },
    h('h3', { id: `${id}-title` }, `Question ${number}`),
    h('div', { class: 'prompt' }, renderMarkdown(q.prompt)),
    h('label', { for: `${id}-answer` }, 'Your answer (kept in this browser)'),
    textarea,
    h('div', { class: 'controls' }, toggle),
    model,
  );
}
