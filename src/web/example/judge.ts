// Who judged a shader, for what the lab says about it. With WebGPU that is the browser's
// WGSL compiler (Tint, through Dawn, in Chromium); without WebGPU there is no compiler in
// the page, and wgsl-lab's own WGSL front end (in the simulator's worker, with Tint's
// syntax, type and uniformity rules) judges instead. The lab says "the compiler" only for
// the former, so a learner without WebGPU is never told a compiler accepted their code.

/** The judge's name mid-sentence: "… rejected by NAME". */
export function judgeName(compiledOnGpu: boolean): string {
  return compiledOnGpu ? 'the compiler' : "the simulator's WGSL front end";
}

/** The judge's name at the start of a sentence. */
export function judgeNameAtStart(compiledOnGpu: boolean): string {
  const name = judgeName(compiledOnGpu);
  return name[0]!.toUpperCase() + name.slice(1);
}
