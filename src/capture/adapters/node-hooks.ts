// Module resolution hook of the captured program: `webgpu` resolves to the recording wrapper,
// which is told where the program's own copy of the package is (it imports that one).
const WRAPPER = new URL('./node-webgpu.js', import.meta.url).href;

type Resolved = { url: string; shortCircuit?: boolean };
type Next = (specifier: string, context: { parentURL?: string }) => Promise<Resolved>;

export async function resolve(specifier: string, context: { parentURL?: string }, next: Next): Promise<Resolved> {
  if (specifier !== 'webgpu' || context.parentURL?.startsWith(WRAPPER)) return next(specifier, context);
  const real = await next(specifier, context);
  return { url: `${WRAPPER}?real=${encodeURIComponent(real.url)}`, shortCircuit: true };
}
