// A lesson as short steps (one idea, one edit, one Run), derived from lesson.md alone so
// that every lesson pages without markup of its own. The rule (docs/lessons.md):
//
//   - every `##` section starts a step; the text before the first `##` opens the first one;
//   - a `###` heading starts a step when the step so far already has an editor (an example
//     or exercise) or more than LONG_STEP_WORDS words of prose;
//   - an editor that would be the step's second one, with prose between them, starts a
//     step of its own, taking along the paragraph right before it (the one that introduces
//     it); editors with nothing between them stay together.
//
// Prose is split only at blank lines and headings outside code fences (and never inside a
// list), so each piece is Markdown of its own; the site renders the pieces at build time.
import { headingId } from './heading-id.js';
import type { DiagramRef, ExampleRef, LessonBlock, ParsedLesson } from './format.js';

/** Prose past which a `###` heading starts a new step. */
export const LONG_STEP_WORDS = 300;

export type StepItem =
  | { kind: 'prose'; text: string }
  | { kind: 'example'; ref: ExampleRef }
  | { kind: 'question'; prompt: string; answer: string; line: number }
  | Extract<LessonBlock, { kind: 'answer' }>
  | { kind: 'diagram'; ref: DiagramRef };

export interface LessonStep {
  /** 1-based, as the address shows it (`#/lessons/SLUG/step/N`). */
  number: number;
  /** The `##` section the step is part of (undefined before the first one). */
  section?: { id: string; text: string };
  /** Ids of the `##` and `###` headings in the step: a link to one of them lands here. */
  anchors: string[];
  /** In lesson order; examples go to the editor pane, the rest to the prose column. */
  items: StepItem[];
}

/** A top-level piece of prose: a paragraph, list, fence or heading with what follows it up to a blank line. */
interface Chunk {
  text: string;
  heading?: { level: 2 | 3; id: string; text: string };
  /** A list item or indented continuation: it may not be separated from the chunk before it. */
  continues: boolean;
}

const HEADING = /^(#{2,3})\s+(.+?)\s*#*\s*$/;
const LIST_OR_INDENT = /^(\s{2,}|\s*([-*+]|\d+[.)])\s)/;

/** Splits Markdown at blank lines and at `##`/`###` headings, never inside a fenced block. */
export function proseChunks(markdown: string): Chunk[] {
  const chunks: Chunk[] = [];
  let lines: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = lines.join('\n').trim();
    lines = [];
    if (!text) return;
    const m = HEADING.exec(text.split('\n', 1)[0]!);
    const heading = m ? { level: m[1]!.length as 2 | 3, id: headingId(m[2]!), text: m[2]!.replace(/`/g, '') } : undefined;
    const prev = chunks[chunks.length - 1];
    const inList = !!prev && !prev.heading && LIST_OR_INDENT.test(prev.text.split('\n', 1)[0]!);
    chunks.push({ text, heading, continues: !heading && (/^\s/.test(text) || (inList && LIST_OR_INDENT.test(text))) });
  };
  for (const line of markdown.split(/\r\n|\n|\r/)) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && HEADING.test(line)) {
      flush();
      lines.push(line);
      continue;
    }
    if (!fenced && line.trim() === '') {
      flush();
      continue;
    }
    lines.push(line);
  }
  flush();
  return chunks;
}

type Atom = { kind: 'chunk'; chunk: Chunk } | { kind: 'block'; block: Exclude<LessonBlock, { kind: 'markdown' }> };

function words(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

interface Draft {
  atoms: Atom[];
  section?: { id: string; text: string };
}

export function lessonSteps(lesson: ParsedLesson): LessonStep[] {
  const atoms: Atom[] = lesson.blocks.flatMap((b): Atom[] =>
    b.kind === 'markdown' ? proseChunks(b.text).map((chunk) => ({ kind: 'chunk', chunk })) : [{ kind: 'block', block: b }],
  );
  const drafts: Draft[] = [{ atoms: [] }];
  let section: Draft['section'];
  let seenSection = false;
  const current = () => drafts[drafts.length - 1]!;
  const hasEditor = (d: Draft) => d.atoms.some((a) => a.kind === 'block' && a.block.kind === 'example');
  const proseWords = (d: Draft) => d.atoms.reduce((n, a) => n + (a.kind === 'chunk' ? words(a.chunk.text) : 0), 0);
  const start = (take: Atom[] = []) => drafts.push({ atoms: take, section });

  for (const atom of atoms) {
    const d = current();
    if (atom.kind === 'chunk' && atom.chunk.heading?.level === 2) {
      section = { id: atom.chunk.heading.id, text: atom.chunk.heading.text };
      // The lead-in before the first section belongs to the first step.
      if (seenSection) start();
      else current().section = section;
      seenSection = true;
    } else if (atom.kind === 'chunk' && atom.chunk.heading?.level === 3) {
      if (hasEditor(d) || proseWords(d) > LONG_STEP_WORDS) start();
    } else if (atom.kind === 'block' && atom.block.kind === 'example' && hasEditor(d)) {
      const last = d.atoms[d.atoms.length - 1];
      if (last?.kind !== 'block' || last.block.kind !== 'example') {
        // The paragraph right before the editor introduces it: it moves along, unless it is
        // part of a list, or the heading of the step itself.
        const intro = last?.kind === 'chunk' && !last.chunk.continues && d.atoms.length > 1 ? [d.atoms.pop()!] : [];
        start(intro);
      }
    }
    current().atoms.push(atom);
  }
  return drafts
    .filter((d) => d.atoms.length > 0)
    .map((d, i) => ({
      number: i + 1,
      section: d.section,
      anchors: d.atoms.flatMap((a) => (a.kind === 'chunk' && a.chunk.heading ? [a.chunk.heading.id] : [])),
      items: stepItems(d.atoms),
    }));
}

/** Atoms as items: neighbouring prose chunks join into one text. */
function stepItems(atoms: Atom[]): StepItem[] {
  const items: StepItem[] = [];
  for (const a of atoms) {
    const last = items[items.length - 1];
    if (a.kind === 'chunk') {
      if (last?.kind === 'prose') last.text += `\n\n${a.chunk.text}`;
      else items.push({ kind: 'prose', text: a.chunk.text });
    } else if (a.block.kind === 'example') items.push({ kind: 'example', ref: a.block.ref });
    else if (a.block.kind === 'question')
      items.push({ kind: 'question', prompt: a.block.prompt, answer: a.block.answer, line: a.block.line });
    else if (a.block.kind === 'answer') items.push(a.block);
    else items.push({ kind: 'diagram', ref: a.block.ref });
  }
  return items;
}

/** The step holding the heading `id` (a section or `###` anchor), or undefined. */
export function stepOfAnchor(steps: readonly LessonStep[], id: string): LessonStep | undefined {
  return steps.find((s) => s.anchors.includes(id));
}
