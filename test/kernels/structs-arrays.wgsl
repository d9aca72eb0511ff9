//! buffer 0 f32[256] = i
//! buffer 1 u32[4] = 40 + i
//! buffer 2 f32[64]

// Structs with vec3 padding, a runtime-sized tail array, arrayLength of it, private and
// override declarations, constant arrays indexed at run time, a uniform-free config.
struct Particle { pos: vec3f, mass: f32, vel: vec2f, id: u32 }
struct Scene { count: u32, pad: u32, particles: array<Particle> }
struct Config { scale: f32, steps: array<u32, 3> }

@group(0) @binding(0) var<storage, read_write> scene: Scene;
@group(0) @binding(1) var<storage, read> cfg: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<f32>;

override WIDTH: u32 = 8u;
const WEIGHTS = array(0.5, 0.25, 0.125, 0.0625);
var<private> c: Config = Config(2.0, array(1u, 2u, 3u));

@compute @workgroup_size(WIDTH, WIDTH)
fn main(@builtin(local_invocation_index) i: u32, @builtin(local_invocation_id) lid: vec3u) {
  let n = arrayLength(&scene.particles);
  var p = scene.particles[i % n];
  p.pos = p.pos * c.scale + vec3f(f32(lid.x), f32(lid.y), f32(cfg[i % 4u]));
  p.vel.y = WEIGHTS[i % 4u] * f32(c.steps[i % 3u]);
  out[i] = p.pos.x + p.pos.z * 0.5 + p.mass + p.vel.y + f32(n) + f32(p.id % 7u);
}
