// One example or exercise of a lesson: editor, buttons and output panel, wired to the
// engine. The lesson's flags add controls: `toggle-barrier` a switch that removes the
// barriers, `racy` and `toggle-barrier` a "Run 10×", `timing` a "Time 1000×";
// `rejects=L:C` compiles on load so the compiler's error is marked straight away; the
// smoothing example gets a step-count field and a chart.
import { compilerDiagnostic } from '../../diagnostics/index.js';
import type { ExampleRef } from '../../lessons/format.js';
import type { CompileMessage, RunResult } from '../../runner/result.js';
import { h } from '../dom.js';
import { backend } from '../engine/backend.js';
import { checkExample, compileOnGpu, headerDiagnostics, labProblems, runExample } from '../engine/execute.js';
import { admit, inFlight } from '../engine/gpu-guard.js';
import { renderPreflight } from './preflight-line.js';
import { timeDispatches } from '../engine/timing.js';
import * as storage from '../storage.js';
import { createBarrierSwitch } from './barrier-switch.js';
import { setUniformValue } from './code-transforms.js';
import { createEditor } from './editor.js';
import { analyzerMarkers, compilerMarkers, diagnosticMarkers } from './markers.js';
import { timingLabel } from './format.js';
import { flopRateText } from './flop-rate.js';
import { OutputPanel, renderCheck, renderCompileMessages, renderProblems, renderRun } from './output-panel.js';
import { repeatTimeText, summarizeRuns } from './repeat-runs.js';
import { dispatchSpread } from './time-spread.js';
import { bankFigureScope, dispatchedWorkgroups } from './bank-scope.js';
import { parseHarness } from '../../harness/index.js';
import { createSmoothingControls, SMOOTHING_FILE, STEPS_BINDING } from './smoothing-controls.js';
import type { TimingBoard } from './timing-board.js';
import { createWatchSlot, type WatchLoop } from '../watch/watch-slot.js';
import { createStopButton } from './stop-button.js';
import { judgeExerciseRun } from './exercise-verdict.js';
import { createExerciseHelp } from './exercise-help.js';
import { createPredictionGate } from './prediction-gate.js';
import { onRevealClick } from './reveal-link.js';
import { unfinishedRun } from './unfinished-run.js';
import { ActionQueue, cancelledStatus, queueStatus, type Task } from './action-queue.js';

export interface WidgetContext {
  slug: string;
  /** The lesson's timing comparison, when it has two or more timing examples. */
  timing?: TimingBoard;
  /** An exercise's solution (`NAME.solution.wgsl`), for its "Show solution" toggle. */
  solution?: string;
}

export interface Widget {
  element: HTMLElement;
  destroy(): void;
}

const COMPILE_DELAY_MS = 700;
const SAVE_DELAY_MS = 300;
const REPEAT_RUNS = 10;
const TIMED_DISPATCHES = 1000;

export function createWidget(ref: ExampleRef, original: string | undefined, ctx: WidgetContext): Widget {
  const title = `${ref.kind === 'exercise' ? 'Exercise' : 'Example'}: ${ref.file}`;
  if (original === undefined) {
    return {
      element: h(
        'section',
        { class: 'example missing' },
        h('h3', {}, title),
        h('p', { class: 'status bad' }, `The lesson refers to ${ref.file}, which is not in its folder.`),
      ),
      destroy() {},
    };
  }
  const id = `ex-${ctx.slug}-${ref.file.replace(/\W/g, '-')}`;
  const codeKey = storage.keys.code(ctx.slug, ref.file);
  const solvedKey = storage.keys.solved(ctx.slug, ref.file);
  const panel = new OutputPanel(ref.file);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const later = (ms: number, f: () => void) => {
    const t = setTimeout(() => (timers.delete(t), f()), ms);
    timers.add(t);
    return t;
  };

  const badges = h('span', { class: 'badges' });
  const addBadge = (text: string, cls: string) => badges.append(h('span', { class: `badge ${cls}` }, text));
  if (ref.racy) addBadge('races on purpose', 'racy');
  if (ref.rejects) addBadge(`rejected at ${ref.rejects.line}:${ref.rejects.column}`, 'rejects');
  const solvedBadge = h('span', { class: 'badge solved', hidden: storage.load(solvedKey) !== '1' }, 'Solved');
  if (ref.kind === 'exercise') badges.append(solvedBadge);

  const hintId = `${id}-keys`;
  const host = h('div', { class: 'editor-host' });
  const element = h(
    'section',
    { class: `example ${ref.kind}`, id, 'aria-labelledby': `${id}-title`, 'data-file': ref.file, 'data-runs': 0, 'data-checks': 0 },
    h('header', { class: 'example-head' }, h('h3', { id: `${id}-title` }, title), badges),
    host,
    h('p', { class: 'keys', id: hintId }, 'Ctrl+Enter (⌘+Enter) runs. Tab leaves the editor.'),
  );

  // An exercise's hints and solution; a prediction exercise's gate before its editor.
  const help =
    ref.kind === 'exercise'
      ? createExerciseHelp({
          id,
          hints: ref.hints ?? [],
          solution: ctx.solution,
          code: () => editor.code(),
          setCode: (code) => editor.setCode(code),
        })
      : undefined;
  const gate = ref.predict
    ? createPredictionGate({
        id,
        slug: ctx.slug,
        file: ref.file,
        code: original,
        onCommit: () => gated.forEach((e) => (e.hidden = false)),
      })
    : undefined;
  if (gate) host.before(gate.element);

  const clearMarkers = () => (['compiler', 'run', 'analyzer'] as const).forEach((s) => editor.mark(s, []));
  const barrierSwitch = ref.toggleBarrier
    ? createBarrierSwitch({
        code: () => editor.code(),
        setCode: (code) => editor.setCode(code),
        flipped: (message) => {
          clearMarkers();
          panel.show('extra', message ? h('p', { class: 'status' }, message) : null);
        },
      })
    : undefined;
  // Smoothing: the step count field rewrites the header's uniform line and reruns.
  const smoothing =
    ref.file === SMOOTHING_FILE
      ? createSmoothingControls(id, (steps) => {
          const code = setUniformValue(editor.code(), STEPS_BINDING, String(steps));
          editor.setCode(code);
          persist(code);
          void run();
        })
      : undefined;
  let compileTimer: ReturnType<typeof setTimeout> | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** The action running now ('' when none), and the presses waiting for it to finish. */
  let running = '';
  const waiting = new ActionQueue();
  const queueLine = h('p', { class: 'queue-status', role: 'status', hidden: true });
  const sayQueue = (text: string) => {
    queueLine.textContent = text;
    queueLine.hidden = text === '';
  };
  const stop = createStopButton(ref.file);
  const unfinished = unfinishedRun(ctx.slug, ref.file);

  const editor = createEditor(host, {
    doc: storage.load(codeKey) ?? original,
    label: `WGSL code of ${ref.file}`,
    describedBy: hintId,
    onRun: () => void run(),
    onChange: (code) => {
      // Analyzer findings and run errors describe the code as it was: drop them now;
      // compiler markers are refreshed once typing pauses.
      editor.mark('analyzer', []);
      editor.mark('run', []);
      clearTimeout(compileTimer);
      compileTimer = later(COMPILE_DELAY_MS, () => void markCompile(code));
      clearTimeout(saveTimer);
      // While the barrier switch is on, or the solution is shown, the edit is not the reader's code.
      if (!barrierSwitch?.active() && !help?.showingSolution()) saveTimer = later(SAVE_DELAY_MS, () => persist(code));
      smoothing?.sync(code);
    },
  });

  // A location clicked in the output panel: the editor shows it (both sites of a race).
  onRevealClick(panel.element, (sites) => editor.reveal(sites));

  function persist(code: string) {
    if (code === original) storage.remove(codeKey);
    else storage.save(codeKey, code);
  }

  async function markCompile(code: string): Promise<CompileMessage[] | undefined> {
    const messages = await compileOnGpu(code);
    if (editor.code() !== code) return messages; // typed on meanwhile; a newer compile follows
    editor.mark('compiler', diagnosticMarkers([...headerDiagnostics(code), ...(messages ?? []).map(compilerDiagnostic)]));
    return messages;
  }

  /**
   * Runs the action `name` now, or after the actions in progress and waiting (action-queue.ts:
   * a Run pressed during Check waits its turn, and the example says so). Stop aborts the
   * running task's signal and cancels the waiting ones, saying which.
   */
  async function exclusive(name: string, task: Task) {
    if (running) {
      waiting.add({ name, task });
      sayQueue(queueStatus(running, waiting.names()));
      return;
    }
    running = name;
    sayQueue('');
    element.setAttribute('aria-busy', 'true');
    const signal = stop.start();
    try {
      await task(signal);
    } finally {
      running = '';
      stop.finish();
      element.removeAttribute('aria-busy');
      const next = stop.stopped() ? (sayQueue(cancelledStatus(waiting.cancel())), undefined) : waiting.next();
      if (next) void exclusive(next.name, next.task);
    }
  }

  function showRunResult(outcome: Awaited<ReturnType<typeof runExample>>, code: string) {
    const r = outcome.result;
    editor.mark('compiler', compilerMarkers(r?.compile.messages ?? []));
    editor.mark('run', diagnosticMarkers(outcome.problems));
    // The pre-flight's line: what it simulated, or "Watch the loop" of an endless kernel.
    const watchLoop = (loop: WatchLoop) => void exclusive('Watch', () => watchSlot.watch(code, loop));
    panel.show('run', renderRun(outcome, ref), renderPreflight(outcome.preflight, watchLoop));
    if (r) smoothing?.draw(r);
    element.dataset.runs = String(Number(element.dataset.runs) + 1);
  }

  /** Checkpoints passed: Check and the hidden test data decide (exercise-verdict.ts). */
  async function judgeExercise(code: string, run: RunResult, signal: AbortSignal) {
    const check = await checkExample(code, ref.file, signal);
    const verdict = await judgeExerciseRun({ ref, original: original!, solution: ctx.solution, code, run, check, signal });
    const line = panel.element.querySelector<HTMLElement>('.verdict-line');
    if (line) {
      line.textContent = verdict.text;
      line.className = `verdict-line ${verdict.solved ? 'good solved' : 'bad'}`;
    }
    if (verdict.solved) storage.save(solvedKey, '1');
    solvedBadge.hidden = storage.load(solvedKey) !== '1';
  }

  const run = () =>
    exclusive('Run', async (signal) => {
      panel.busy('run', 'Running…');
      unfinished.begin();
      try {
        const code = editor.code();
        const outcome = await runExample(code, ref.file, signal);
        showRunResult(outcome, code);
        const r = outcome.result;
        if (ref.kind === 'exercise' && r?.compile.ok && r.expects.length && r.expects.every((e) => e.ok)) {
          await judgeExercise(code, r, signal);
        }
      } finally {
        unfinished.end();
      }
    });

  const check = () =>
    exclusive('Check', async (signal) => {
      panel.busy('check', 'Checking (simulating every invocation)…');
      const code = editor.code();
      const outcome = await checkExample(code, ref.file, signal);
      if (outcome.compile) editor.mark('compiler', compilerMarkers(outcome.compile));
      editor.mark('analyzer', outcome.report ? analyzerMarkers(outcome.report, code) : diagnosticMarkers(outcome.problems));
      // Which workgroups the bank figures add up (bank-scope.ts), under the heat maps.
      const scope = outcome.report ? bankFigureScope(outcome.report, dispatchedWorkgroups(parseHarness(code).harness)) : '';
      panel.show('check', renderCheck(outcome), scope ? h('p', { class: 'note bank-scope' }, scope) : null);
      element.dataset.checks = String(Number(element.dataset.checks) + 1);
    });

  const runRepeatedly = () =>
    exclusive(`Run ${REPEAT_RUNS}×`, async (signal) => {
      const results: RunResult[] = [];
      for (let k = 0; k < REPEAT_RUNS; k++) {
        panel.busy('extra', `Run ${k + 1} of ${REPEAT_RUNS}…`);
        const code = editor.code();
        const outcome = await runExample(code, ref.file, signal);
        if (!outcome.result?.compile.ok) return showRunResult(outcome, code);
        results.push(outcome.result);
      }
      const s = summarizeRuns(results);
      panel.show(
        'extra',
        h(
          'p',
          { class: 'status repeat', 'data-differ': s.differFromFirst },
          `${s.runs} runs: ${s.differFromFirst} differed from the first run; ${s.failedCheckpoints} failed a checkpoint.`,
          s.differFromFirst || s.failedCheckpoints
            ? ''
            : ' (A race can stay hidden on some GPUs and schedules; Check finds it regardless.)',
          s.time ? ` ${repeatTimeText(s)}` : '',
        ),
      );
    });

  const time = () =>
    exclusive(`Time ${TIMED_DISPATCHES}×`, async (signal) => {
      const b = await backend();
      if (b.kind !== 'gpu')
        return panel.show('extra', h('p', { class: 'status' }, 'Timing needs WebGPU; the simulator has no meaningful clock.'));
      panel.busy('extra', `Dispatching ${TIMED_DISPATCHES} times…`);
      const code = editor.code();
      try {
        // The same guard as Run (gpu-guard.ts): pre-flight, in-flight record, Stop.
        await admit(code, signal);
        const t = await inFlight(b.session, ref.file, signal, () => timeDispatches(b.session, code, TIMED_DISPATCHES));
        ctx.timing?.record(ref.file, t, ref.flops);
        panel.show(
          'extra',
          h(
            'p',
            { class: 'status timing', 'data-ms': t.msPerRun },
            `${t.count} dispatches: ${dispatchSpread(t)}${ref.flops ? `, ${flopRateText(ref.flops, t)}` : ''}, ${timingLabel({ ms: t.msPerRun, method: t.method })}.`,
          ),
        );
      } catch (e) {
        panel.show('extra', renderProblems(labProblems(e), 'Timing failed'));
      }
    });

  const reset = () => {
    unfinished.end();
    clearTimeout(saveTimer);
    barrierSwitch?.forget();
    help?.forget();
    editor.setCode(original);
    storage.remove(codeKey);
    clearMarkers();
    panel.clear();
    watchSlot.clear();
    smoothing?.sync(original);
    if (ref.rejects) void showRejection();
  };

  // Buttons stay focusable while busy (a disabled button would drop keyboard focus);
  // `exclusive` queues a press made meanwhile.
  const button = (label: string, action: () => unknown, cls = '') =>
    h('button', { type: 'button', class: cls, onclick: () => void action() }, label);
  // Watch: one workgroup's run step by step (src/web/watch), under the output panel.
  const watchSlot = createWatchSlot(id, ref.file);
  const watch = () => exclusive('Watch', () => watchSlot.watch(editor.code()));
  const controls = h(
    'div',
    { class: 'controls' },
    button('Run', run, 'primary'),
    stop.element,
    button('Check', check),
    button('Watch', watch),
    button('Reset', reset),
  );
  if (ref.racy || ref.toggleBarrier) controls.append(button(`Run ${REPEAT_RUNS}×`, runRepeatedly));
  if (ref.timing) controls.append(button(`Time ${TIMED_DISPATCHES}×`, time));
  if (ref.timing) ctx.timing?.register(ref.file, () => editor.code());
  smoothing?.sync(editor.code());

  if (barrierSwitch) controls.append(barrierSwitch.element);
  if (smoothing) controls.append(...smoothing.field);
  element.append(
    controls,
    queueLine,
    ...(help ? [help.element] : []),
    ...(smoothing ? [smoothing.chart] : []),
    panel.element,
    watchSlot.element,
  );
  // Until a prediction exercise's learner commits, its editor and buttons wait.
  const gated = [host, controls, element.querySelector<HTMLElement>('.keys')!, ...(help ? [help.element] : [])];
  if (gate && !gate.committed()) gated.forEach((e) => (e.hidden = true));

  // A `rejects` example exists to show the compiler's refusal: mark it without a click.
  async function showRejection() {
    const messages = await markCompile(editor.code());
    if (messages)
      panel.show(
        'run',
        h(
          'div',
          {},
          h(
            'p',
            { class: 'status bad' },
            `The compiler rejects this shader, as the lesson intends (error at ${ref.rejects!.line}:${ref.rejects!.column}).`,
          ),
          renderCompileMessages(messages),
        ),
      );
    else
      panel.show(
        'run',
        h(
          'p',
          { class: 'status' },
          "Without WebGPU there is no compiler here to show the error; Run checks the shader with the simulator's WGSL front end instead.",
        ),
      );
  }
  if (ref.rejects) void showRejection();
  const notice = unfinished.notice();
  if (notice) panel.show('run', notice);

  return {
    element,
    destroy() {
      for (const t of timers) clearTimeout(t);
      watchSlot.destroy();
      editor.destroy();
    },
  };
}
