// Every way a Node program reaches Dawn ends in one native addon, `dawn.node`, that the
// `webgpu` package loads: `import`, `require('webgpu')` (CommonJS, createRequire), a dynamic
// `import()`, the package's entry file imported by its path, or `navigator.gpu` set from
// `create()`. Node loads every addon through process.dlopen, so wrapping that one function
// wraps the addon's `create` before the package (or anything else) holds it.

/** The shape of Dawn's addon: `create(flags)` makes a GPU; `globals` holds its classes. */
interface DawnAddon {
  create: (flags: string[]) => GPU;
  globals: { GPUDevice?: unknown };
}

function isDawnAddon(exports: unknown): exports is DawnAddon {
  const e = exports as Partial<DawnAddon> | undefined;
  return typeof e?.create === 'function' && typeof e.globals === 'object' && e.globals !== null && 'GPUDevice' in e.globals;
}

/** Makes every GPU that a Dawn addon loaded from now on creates pass through `onGpu`. */
export function hookDawnAddon(onGpu: (gpu: GPU) => GPU): void {
  const dlopen = process.dlopen.bind(process);
  process.dlopen = ((module: { exports: unknown }, filename: string, ...rest: unknown[]) => {
    (dlopen as (...a: unknown[]) => void)(module, filename, ...rest);
    const addon = module.exports;
    if (isDawnAddon(addon)) {
      const create = addon.create.bind(addon);
      // A fresh object: the addon's own exports object may be frozen or shared.
      module.exports = { ...addon, create: (flags: string[]) => onGpu(create(flags)) };
    }
  }) as typeof process.dlopen;
}
