//! dispatch 2
//! buffer 0 i32[128]

// Every control-flow form: loop with continuing and break if, for with continue, while,
// switch with several selectors and default, early return, nested breaks.
@group(0) @binding(0) var<storage, read_write> out: array<i32>;

fn collatz_steps(start: i32) -> i32 {
  var x = start;
  var steps = 0;
  loop {
    if (x <= 1) { break; }
    if (x % 2 == 0) { x = x / 2; } else { x = 3 * x + 1; }
    continuing {
      steps++;
      break if steps >= 50;
    }
  }
  return steps;
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3u) {
  let i = i32(gid.x);
  var acc = 0;
  for (var k = 0; k < 10; k++) {
    if (k % 3 == i % 3) { continue; }
    acc += k;
    if (acc > 30 + i % 7) { break; }
  }
  var w = i;
  while (w > 5) { w -= 4; }
  switch (i % 6) {
    case 0, 1: { acc += 100; }
    case 2: { acc -= 7; }
    default: { acc *= 2; }
  }
  if (i == 77) {
    out[i] = -1;
    return;
  }
  out[i] = acc * 1000 + w * 100 + collatz_steps(i + 1);
}
