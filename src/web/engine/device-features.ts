// Which `enable` extensions of a shader a device cannot compile. The lab runs such a shader
// on the simulator instead (it implements subgroups and f16) rather than failing on a device
// that lacks the feature.

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
