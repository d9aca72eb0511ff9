// Contents kept in files (`= file("NAME")`): the header only names them. Reading files is
// the caller's business (the CLI reads them relative to the kernel file; the lab has
// none), so this module takes their bytes as a map and checks each against the line that
// names it: present, and exactly the size of its buffer, uniform or expected buffer (a
// texture's PNG image is only attached here; it is decoded and checked when the run is planned).
import { bindingName } from './parse.js';
import { HarnessError } from './errors.js';
import { allocateElements } from './fill.js';
import type { BufferSpec, FileRef, Harness } from './types.js';
import { elementBytes } from './fill.js';

/**
 * What the caller could load for each file name: its bytes, why it could not be read, or
 * (`size`) that it was left unread because its size is none that a line naming it wants.
 */
export type FileContents = ReadonlyMap<string, Uint8Array | { error: string } | { size: number }>;

/** A `file("NAME")` and the bytes its line wants (undefined: any size, a texture's PNG image). */
export interface FileNeed {
  ref: FileRef;
  bytes: number | undefined;
}

/** Every `file("NAME")` of the header with the bytes its line wants, in header order: what a reader needs to know before reading. */
export function fileNeeds(harness: Harness): FileNeed[] {
  const buffer = (g: number, b: number) => harness.buffers.find((x) => x.group === g && x.binding === b);
  const expects = [...harness.expects, ...(harness.entries ?? []).flatMap((s) => s.expects)];
  return [
    ...harness.buffers.flatMap((b) => (b.file ? [{ ref: b.file, bytes: b.count * elementBytes(b.type) }] : [])),
    ...harness.uniforms.flatMap((u) => (u.file ? [{ ref: u.file, bytes: (u.count ?? 1) * elementBytes(u.type) }] : [])),
    ...expects.flatMap((e) => {
      const b = e.file && buffer(e.group, e.binding);
      return e.file ? [{ ref: e.file, bytes: b ? b.count * elementBytes(b.type) : undefined }] : [];
    }),
    ...(harness.textures ?? []).flatMap((t) => (t.file ? [{ ref: t.file, bytes: undefined }] : [])),
  ];
}

/** Every `file("NAME")` of the header, in header order (a name may appear more than once). */
export function fileRefs(harness: Harness): FileRef[] {
  const sectionExpects = (harness.entries ?? []).flatMap((s) => s.expects);
  return [...harness.buffers, ...harness.uniforms, ...harness.expects, ...sectionExpects, ...(harness.textures ?? [])].flatMap((s) =>
    s.file ? [s.file] : [],
  );
}

/**
 * The harness with every file's bytes attached (and `expect … = file()` values filled in),
 * and the problems: a file missing, unreadable or of the wrong size, at its line and column.
 */
export function attachFiles(harness: Harness, files: FileContents): { harness: Harness; errors: HarnessError[] } {
  const errors: HarnessError[] = [];
  /** `bytesWanted` undefined: any size (a texture's image, whose size only decoding tells). */
  const attach = (ref: FileRef, bytesWanted: number | undefined, what: string): FileRef | undefined => {
    const got = files.get(ref.path);
    if (!got) {
      errors.push(
        new HarnessError(
          `the contents of file("${ref.path}") are not available: only the command line reads files, relative to the kernel file`,
          ref,
        ),
      );
      return undefined;
    }
    if ('error' in got) {
      errors.push(new HarnessError(`cannot read file("${ref.path}"): ${got.error}`, ref));
      return undefined;
    }
    const size = got instanceof Uint8Array ? got.byteLength : got.size;
    if (!(got instanceof Uint8Array) || (bytesWanted !== undefined && size !== bytesWanted)) {
      errors.push(new HarnessError(`file("${ref.path}") holds ${size} bytes, but ${what} is ${bytesWanted ?? 'any size'} bytes`, ref));
      return undefined;
    }
    return { ...ref, bytes: got };
  };
  const buffers = harness.buffers.map((b) =>
    b.file ? { ...b, file: attach(b.file, b.count * elementBytes(b.type), `${bindingName(b)} (${b.type}[${b.count}])`) ?? b.file } : b,
  );
  const uniforms = harness.uniforms.map((u) => {
    if (!u.file) return u;
    const words = u.count ?? 1;
    return {
      ...u,
      file:
        attach(u.file, words * elementBytes(u.type), `the uniform ${bindingName(u)} (${u.type}${u.count ? `[${u.count}]` : ''})`) ?? u.file,
    };
  });
  const expects = harness.expects.map((e) => {
    if (!e.file) return e;
    const buffer = harness.buffers.find((b) => b.group === e.group && b.binding === e.binding) as BufferSpec;
    const file = attach(e.file, buffer.count * elementBytes(buffer.type), `${bindingName(e)} (${buffer.type}[${buffer.count}])`);
    if (!file?.bytes) return e;
    const values = allocateElements(buffer.type, buffer.count);
    new Uint8Array(values.buffer).set(file.bytes);
    return { ...e, file, values: Array.from(values) };
  });
  const textures = harness.textures?.map((t) => (t.file ? { ...t, file: attach(t.file, undefined, 'a texture') ?? t.file } : t));
  return { harness: { ...harness, buffers, uniforms, expects, ...(textures ? { textures } : {}) }, errors };
}
