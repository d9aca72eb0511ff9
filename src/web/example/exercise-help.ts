// Help for an exercise: its hints (from the lesson, Markdown rendered at build time),
// revealed one at a time, and a "Show solution" toggle that puts the solution in the
// editor and, toggled back, restores the learner's own code.
import { h } from '../dom.js';
import { renderMarkdown } from '../markdown.js';

export interface ExerciseHelp {
  element: HTMLElement;
  /** True while the editor shows the solution (the widget then does not save the code as the learner's). */
  showingSolution(): boolean;
  /** Reset: the editor holds the starting point again, whatever was toggled. */
  forget(): void;
}

export function createExerciseHelp(opts: {
  id: string;
  hints: readonly string[];
  solution: string | undefined;
  code: () => string;
  setCode: (code: string) => void;
}): ExerciseHelp {
  const element = h('div', { class: 'exercise-help' });
  if (opts.hints.length) {
    const list = h('ol', { class: 'hints', id: `${opts.id}-hints` });
    const more = h('button', { type: 'button', 'aria-controls': `${opts.id}-hints` }, `Show a hint (1 of ${opts.hints.length})`);
    more.addEventListener('click', () => {
      const next = list.children.length;
      list.append(h('li', {}, renderMarkdown(opts.hints[next]!)));
      if (next + 1 < opts.hints.length) more.textContent = `Show a hint (${next + 2} of ${opts.hints.length})`;
      else more.hidden = true;
    });
    element.append(more, list);
  }
  let mine: string | undefined;
  const toggle = h('button', { type: 'button', 'aria-pressed': 'false', class: 'solution-toggle' }, 'Show solution');
  if (opts.solution !== undefined) {
    const solution = opts.solution;
    toggle.addEventListener('click', () => {
      if (mine === undefined) {
        mine = opts.code();
        opts.setCode(solution);
      } else {
        const back = mine;
        mine = undefined;
        opts.setCode(back);
      }
      toggle.setAttribute('aria-pressed', String(mine !== undefined));
      toggle.textContent = mine === undefined ? 'Show solution' : 'Back to my code';
    });
    element.append(toggle);
  }
  return {
    element,
    showingSolution: () => mine !== undefined,
    forget() {
      mine = undefined;
      toggle.setAttribute('aria-pressed', 'false');
      toggle.textContent = 'Show solution';
    },
  };
}
