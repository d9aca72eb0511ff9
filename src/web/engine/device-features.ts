// Which `enable` extensions of a shader a device cannot compile, and what else only the
// simulator runs. The lab runs such a shader on the simulator instead (it implements
// subgroups, f16 and depth textures) rather than failing on a device that lacks the feature.

/** The device feature each WGSL extension needs. */
const FEATURE_OF: Readonly<Record<string, string>> = { subgroups: 'subgroups', f16: 'shader-f16' };

/** The extensions named by the shader's `enable` directives that `features` lacks. */
export function missingFeatures(source: string, features: ReadonlySet<string>): string[] {
  const enabled = [...source.matchAll(/^\s*enable\s+([\w\s,]+);/gm)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );
  return enabled.filter((e) => FEATURE_OF[e] !== undefined && !features.has(FEATURE_OF[e]));
}

/**
 * Why only the simulator can run the shader, whatever the device: WebGPU cannot fill a
 * depth texture from the CPU, so the runner refuses one on the GPU (runner/gpu-textures.ts).
 */
export function simulatorOnly(source: string): string | undefined {
  const code = source.replace(/\/\/.*$/gm, '');
  return /\btexture_depth_\w+/.test(code) ? 'depth textures run on the simulator only' : undefined;
}
