// SYNTAX TEST "source.wgsl" "WGSL with a wgsl-lab header"
//! dispatch 4, 2
// <--- comment.line.header.wgsl-lab punctuation.definition.comment.header.wgsl-lab
//  ^^^^^^^^ comment.line.header.wgsl-lab keyword.other.directive.header.wgsl-lab
//           ^ constant.numeric.header.wgsl-lab
//! buffer 0:1 f32[256] = sin(i) * 0.5
//  ^^^^^^ keyword.other.directive.header.wgsl-lab
//         ^ constant.numeric.header.wgsl-lab
//          ^ keyword.operator.header.wgsl-lab
//             ^^^ support.type.header.wgsl-lab
//                        ^^^ support.function.header.wgsl-lab
//                            ^ variable.language.index.header.wgsl-lab
// an ordinary comment: dispatch is not a keyword here
// <-- comment.line.double-slash.wgsl
//                    ^^^^^^^^ comment.line.double-slash.wgsl
/* outer /* nested */ still a comment */ const K = 1u;
// <-- comment.block.wgsl
//                    ^^^^^^^^^^^^^^^^^^ comment.block.wgsl
//                                       ^^^^^ storage.type.wgsl
//                                                 ^ constant.numeric.integer.wgsl
//                                                  ^ storage.type.numeric.suffix.wgsl
struct Particle { pos: vec2f, mass: f32 }
// <------ storage.type.struct.wgsl
//     ^^^^^^^^ entity.name.type.struct.wgsl
//                     ^^^^^ support.type.wgsl
@group(0) @binding(0) var<storage, read_write> cells: array<Particle>;
// <- meta.attribute.wgsl punctuation.definition.attribute.wgsl
//^^^ entity.other.attribute-name.wgsl
//     ^ constant.numeric.integer.wgsl
//                    ^^^ storage.type.var.wgsl
//                        ^^^^^^^ storage.modifier.address-space.wgsl
//                                 ^^^^^^^^^^ storage.modifier.access.wgsl
//                                                    ^^^^^ support.type.wgsl
var<workgroup> tile: array<f32, 64>;
//  ^^^^^^^^^ storage.modifier.address-space.wgsl
@compute @workgroup_size(64)
// <- punctuation.definition.attribute.wgsl
//^^^^^^ entity.other.attribute-name.wgsl
//        ^^^^^^^^^^^^^^ entity.other.attribute-name.wgsl
fn main(@builtin(local_invocation_index) i: u32) {
// <-- storage.type.function.wgsl
// ^^^^ entity.name.function.wgsl
//               ^^^^^^^^^^^^^^^^^^^^^^ support.constant.builtin-value.wgsl
  let x = 1.5e-3f + 2h + 0x1p4f + 0xFFu + 7i + .5;
//        ^^^^^^ constant.numeric.float.wgsl
//              ^ storage.type.numeric.suffix.wgsl
//                  ^ constant.numeric.float.wgsl
//                   ^ storage.type.numeric.suffix.wgsl
//                       ^^^^^ constant.numeric.float.hex.wgsl
//                            ^ storage.type.numeric.suffix.wgsl
//                                ^^^^ constant.numeric.integer.hex.wgsl
//                                    ^ storage.type.numeric.suffix.wgsl
//                                        ^ constant.numeric.integer.wgsl
//                                         ^ storage.type.numeric.suffix.wgsl
//                                             ^^ constant.numeric.float.wgsl
  tile[i] = clamp(x, 0.0, 1.0) * helper(i);
//          ^^^^^ support.function.builtin.wgsl
//                               ^^^^^^ entity.name.function.call.wgsl
  // wgsl-lab-disable-next-line data-race, bank-conflict -- the reads are ordered by the host
//   ^^^^^^^^^^^^^^^^^^^^^^^^^^ keyword.other.suppression.wgsl-lab
//                              ^^^^^^^^^ constant.other.rule-id.wgsl-lab
//                                         ^^^^^^^^^^^^^ constant.other.rule-id.wgsl-lab
//                                                       ^^ punctuation.separator.reason.wgsl-lab
  workgroupBarrier();
//^^^^^^^^^^^^^^^^ support.function.builtin.wgsl
  if (i < 32u) { return; }
//^^ keyword.control.wgsl
//               ^^^^^^ keyword.control.wgsl
  let b = bitcast<u32>(x) != 0u && true;
//        ^^^^^^^ support.function.builtin.wgsl
//                ^^^ support.type.wgsl
//                        ^^ keyword.operator.comparison.wgsl
//                              ^^ keyword.operator.logical.wgsl
//                                 ^^^^ constant.language.boolean.wgsl
}
