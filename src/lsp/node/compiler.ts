// The real WGSL compiler for the server: Tint inside Dawn (npm `webgpu`), one device for
// the server's life. Where Dawn cannot be had (package not installed, no adapter) the
// server says so once and the analysis uses wgsl-lab's own front end instead.
import { compileWgsl } from '../../gpu/compile.js';
import { GpuUnavailableError } from '../../gpu/errors.js';
import type { GpuSession } from '../../gpu/session.js';
import { compileMessage } from '../../runner/result.js';
import { compileAsNagaReads } from '../../runner/naga-dialect.js';
import type { CompileOutcome } from '../analyze-document.js';

export class WgslCompiler {
  /** Why the compiler is not used (set once it turned out unavailable or was switched off). */
  unavailable?: string;

  constructor(
    private session: GpuSession | undefined,
    private readonly log: (message: string) => void,
  ) {
    if (!session) this.unavailable = 'switched off (--no-compiler)';
  }

  /** Dawn's verdict on `text`, or undefined when the front end must decide. */
  async compile(text: string): Promise<CompileOutcome | undefined> {
    if (!this.session) return undefined;
    try {
      const handle = await this.session.device();
      const c = await compileWgsl(handle.device, text);
      const outcome = { ok: c.ok, messages: c.diagnostics.map(compileMessage) };
      // Refused: naga-only WGSL is analyzed as naga reads it, as `check` does.
      return (!c.ok && (await compileAsNagaReads(handle.device, text, outcome.messages))) || outcome;
    } catch (e) {
      if (!(e instanceof GpuUnavailableError)) throw e;
      this.session = undefined;
      this.unavailable = e.message;
      this.log(`${e.message}\nContinuing without the WGSL compiler: wgsl-lab's front end checks syntax, types and uniformity.`);
      return undefined;
    }
  }
}
