// An animated lesson diagram (`::: diagram FILE KIND`): a compact view of a Watch
// recording of one of the lesson's kernels, workgroup 0, made in the analyzer worker when
// the diagram first comes into view. One frame per barrier phase (frames.ts); Back, Next
// and Play step through them. Nothing moves by itself: Play is a press, and where the
// reader's system asks for reduced motion there is no Play at all, only stepping.
import './recorded.css';
import { h, replaceChildren } from '../../dom.js';
import { watchInWorker } from '../../engine/analyzer-client.js';
import { TaskFailed } from '../../engine/worker-client.js';
import { problemsOf } from '../../engine/problems.js';
import type { DiagramKind, DiagramRef } from '../../../lessons/format.js';
import { diagramFrames, frameCaption, type DiagramFrames } from './frames.js';
import { drawFrame, drawLegend } from './draw.js';

export interface RecordedDiagram {
  element: HTMLElement;
  destroy(): void;
}

const FRAME_MS = 900;

const KIND_NAMES: Record<DiagramKind, string> = {
  tile: 'the tile load',
  phases: 'the barrier phases',
  reduction: 'the reduction tree',
  scan: 'the scan’s sweeps',
};

export function createRecordedDiagram(ref: DiagramRef, source: string | undefined, id: string): RecordedDiagram {
  const title = `${KIND_NAMES[ref.view].replace(/^./, (c) => c.toUpperCase())} of ${ref.file}, recorded on the simulator (workgroup 0)`;
  const canvas = h('div', { class: 'rd-canvas' }, h('p', { class: 'busy' }, 'Recorded when it comes into view…'));
  const caption = h('p', { class: 'rd-caption', id: `${id}-caption`, 'aria-live': 'polite' });
  const counter = h('span', { class: 'rd-counter' });
  const back = h('button', { type: 'button', disabled: true }, '◀ Back');
  const next = h('button', { type: 'button', disabled: true }, 'Next ▶');
  const play = h('button', { type: 'button', 'aria-pressed': 'false', disabled: true }, 'Play');
  const reducedNote = h('span', { class: 'rd-reduced' }, 'Animation off (reduced motion): step with Next.');
  const element = h(
    'figure',
    { class: 'recorded-diagram', 'data-kind': ref.view, 'data-file': ref.file, 'aria-labelledby': `${id}-title` },
    h('figcaption', { id: `${id}-title` }, title),
    canvas,
    drawLegend(ref.view),
    caption,
    h('div', { class: 'controls rd-controls' }, back, play, next, reducedNote, counter),
  );
  const reduced = matchMedia('(prefers-reduced-motion: reduce)');
  let frames: DiagramFrames | undefined;
  let index = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let started = false;

  function fitMotion(): void {
    play.hidden = reduced.matches;
    reducedNote.hidden = !reduced.matches;
    element.dataset.motion = reduced.matches ? 'reduced' : 'full';
    if (reduced.matches) pause();
  }

  function show(i: number): void {
    if (!frames) return;
    index = Math.min(Math.max(0, i), frames.frames.length - 1);
    replaceChildren(canvas, drawFrame(frames, index));
    caption.textContent = frameCaption(frames, index);
    counter.textContent = `Phase ${index + 1} of ${frames.frames.length}`;
    element.dataset.frame = String(index);
    back.disabled = index === 0;
    next.disabled = index === frames.frames.length - 1;
  }

  function pause(): void {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    play.textContent = 'Play';
    play.setAttribute('aria-pressed', 'false');
    element.dataset.playing = 'false';
    caption.setAttribute('aria-live', 'polite');
  }

  function start(): void {
    if (!frames || reduced.matches) return;
    if (index >= frames.frames.length - 1) show(0);
    play.textContent = 'Pause';
    play.setAttribute('aria-pressed', 'true');
    element.dataset.playing = 'true';
    // Each frame read out while playing would be noise; the last one is announced.
    caption.setAttribute('aria-live', 'off');
    timer = setInterval(() => {
      show(index + 1);
      if (frames && index >= frames.frames.length - 1) pause();
    }, FRAME_MS);
  }

  back.addEventListener('click', () => (pause(), show(index - 1)));
  next.addEventListener('click', () => (pause(), show(index + 1)));
  play.addEventListener('click', () => (timer !== undefined ? pause() : start()));

  async function record(): Promise<void> {
    if (started) return;
    started = true;
    if (source === undefined) {
      replaceChildren(canvas, h('p', { class: 'status bad' }, `The lesson refers to ${ref.file}, which is not in its folder.`));
      return;
    }
    replaceChildren(canvas, h('p', { class: 'busy' }, 'Recording the workgroup on the simulator…'));
    try {
      frames = diagramFrames(await watchInWorker(source, ref.file, 0), ref.view);
      if (!frames.frames.length) throw new Error(`${ref.file} never touches its workgroup memory`);
      element.dataset.frames = String(frames.frames.length);
      [back, next, play].forEach((b) => (b.disabled = false));
      show(0);
      if (frames.incomplete) element.append(h('p', { class: 'status notice' }, `The recording is incomplete: ${frames.incomplete}.`));
    } catch (e) {
      const problems = e instanceof TaskFailed ? e.problems : problemsOf(e);
      replaceChildren(
        canvas,
        h('p', { class: 'status bad' }, `This diagram could not be recorded: ${problems.map((p) => p.message).join('; ')}`),
      );
    }
  }

  // Recorded a little before it scrolls into view, so that it is drawn when the reader gets there.
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        observer.disconnect();
        void record();
      }
    },
    { rootMargin: '0px 0px 300px 0px' },
  );
  observer.observe(element);
  fitMotion();
  reduced.addEventListener('change', fitMotion);

  return {
    element,
    destroy() {
      pause();
      observer.disconnect();
      reduced.removeEventListener('change', fitMotion);
    },
  };
}
