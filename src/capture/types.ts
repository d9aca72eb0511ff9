// What a capture holds: the distinct compute dispatches a program made, each with the
// shader, entry point, override values, workgroup counts and the contents of every bound
// buffer just before the dispatch (and of the writable ones just after it). Plain data, so
// a recording can be written to files (kernel-file.ts), sent to a worker or compared in tests.

/** How a dispatch saw one bound buffer range. */
export interface CapturedBinding {
  group: number;
  binding: number;
  /** The bind group layout's buffer type when the program gave an explicit layout. */
  layoutType?: GPUBufferBindingType;
  /** Whether the bound buffer was created with UNIFORM usage (tells uniforms apart under `layout: 'auto'`). */
  uniformUsage: boolean;
  /** The buffer's label, if the program gave one. */
  label?: string;
  /** Bytes of the bound range (offset and size as bound, dynamic offsets applied). */
  offset: number;
  size: number;
  /** The bound range's contents just before the dispatch. */
  before: Uint8Array;
  /** Its contents just after the dispatch (bindings a shader may write). */
  after?: Uint8Array;
  /** Another binding of this dispatch whose range overlaps this one (same buffer): `G:B`. */
  aliases?: string[];
}

export interface CapturedDispatch {
  /** The WGSL source of the shader module. */
  code: string;
  /** The pipeline's entry point; undefined when the program left it to the module's only one. */
  entryPoint?: string;
  /** Pipeline-overridable constants (`compute.constants`), as given. */
  constants: Record<string, number>;
  /** Workgroup counts (for an indirect dispatch, as read from the indirect buffer). */
  workgroups: [number, number, number];
  indirect: boolean;
  /** Labels of the pipeline and of the shader module, if any. */
  pipelineLabel?: string;
  /** Where the program created the shader module (from the JavaScript stack), when known. */
  origin?: ShaderOrigin;
  bindings: CapturedBinding[];
  /** The key that makes two dispatches the same kernel (see dedupKey). */
  key: string;
  /** Dispatches with this key that the program submitted (this one included). */
  count: number;
}

/** Dispatches that could not be captured, by reason. */
export interface Uncaptured {
  reason: string;
  count: number;
}

/** One frame of a JavaScript stack: a file (path or URL) and a 1-based line and column. */
export interface StackFrame {
  file: string;
  line: number;
  column: number;
  /** The function's name, when the stack gives one. */
  function?: string;
}

/**
 * Where a shader module was created: the first frame of the stack of its
 * `createShaderModule` call in the program's own code (`at`), and the whole stack without
 * the recorder's frames and engine internals (`stack`; library frames are kept there).
 */
export interface ShaderOrigin {
  at?: StackFrame;
  stack: StackFrame[];
}

export interface Recording {
  /** Devices recorded. */
  devices: number;
  /** Every compute dispatch the program submitted. */
  dispatches: number;
  /** The distinct ones, in the order they were first submitted. */
  kernels: CapturedDispatch[];
  uncaptured: Uncaptured[];
}
