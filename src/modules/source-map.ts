// The text a linker produces, with where each piece of it came from. A linked shader is
// assembled from pieces of several files (lines kept as they are, names rewritten, whole
// modules appended); every finding on the linked text must be reported at its place in the
// original file, so each piece records its origin as it is appended.

/** A place in an original file (1-based line and column, as compilers print them). */
export interface Place {
  file: string;
  line: number;
  column: number;
}

/** Where a run of characters of one linked line came from. */
interface Segment {
  /** 0-based column in the linked line where the run starts. */
  at: number;
  /** Characters of the run in the linked line. */
  length: number;
  file: string;
  line: number;
  /** 1-based column of the run's first character in the original line. */
  column: number;
  /** Characters the run covers in the original (a rewritten name may be longer or shorter). */
  originalLength: number;
}

/** A linked text and the way back from any of its positions to an original file. */
export interface MappedText {
  text: string;
  /**
   * The original place of a 1-based linked line and column; with no column, the line's
   * first piece of original text. Undefined for text the linker made up (a blank line).
   */
  locate(line: number, column?: number): Place | undefined;
}

/** Builds a linked text line by line, piece by piece, each piece with its origin. */
export class MappedTextBuilder {
  private readonly lines: string[] = [''];
  private readonly segments: Segment[][] = [[]];

  /**
   * Appends `text` (no line break) to the current line. `origin` is where its first
   * character stands in the original; `originalLength` how many original characters it
   * replaces (default: its own length, a verbatim copy).
   */
  append(text: string, origin?: Place, originalLength = text.length): void {
    const i = this.lines.length - 1;
    const at = this.lines[i]!.length;
    this.lines[i] += text;
    if (origin && text.length) this.segments[i]!.push({ at, length: text.length, ...origin, originalLength });
  }

  newline(): void {
    this.lines.push('');
    this.segments.push([]);
  }

  /** Appends a whole original line verbatim (and the line break after it). */
  copyLine(text: string, file: string, line: number): void {
    this.append(text, { file, line, column: 1 });
    this.newline();
  }

  get lineCount(): number {
    return this.lines.length;
  }

  build(): MappedText {
    const lines = [...this.lines];
    const segments = this.segments.map((s) => [...s]);
    return {
      text: lines.join('\n'),
      locate(line, column) {
        const segs = segments[line - 1];
        if (!segs?.length) return undefined;
        if (column === undefined) return { file: segs[0]!.file, line: segs[0]!.line, column: segs[0]!.column };
        const c = column - 1;
        // The run holding the column; between runs (indentation the linker wrote), the next run.
        const seg = segs.find((s) => c >= s.at && c < s.at + s.length) ?? segs.find((s) => s.at > c) ?? segs[segs.length - 1]!;
        // A column inside a rewritten name maps into the original name, never past its end.
        const delta = Math.min(Math.max(c - seg.at, 0), Math.max(seg.originalLength - 1, 0));
        return { file: seg.file, line: seg.line, column: seg.column + delta };
      },
    };
  }
}
