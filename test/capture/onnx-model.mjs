// A small ONNX model written from scratch (no hub, no converter): the protobuf wire format
// of ModelProto encoded by hand. MatMul + Add + Relu + Softmax (a dense layer), Gemm, Conv,
// and ReduceSum / ReduceMean / ReduceMax, on float inputs x [4, 16] and img [1, 3, 8, 8].
const text = new TextEncoder();

function varint(value) {
  let n = BigInt(value);
  if (n < 0n) n += 1n << 64n;
  const out = [];
  do {
    let byte = Number(n & 0x7fn);
    n >>= 7n;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}
const tag = (field, wire) => varint((field << 3) | wire);
const bytes = (field, data) => [...tag(field, 2), ...varint(data.length), ...data];
const string = (field, s) => bytes(field, [...text.encode(s)]);
const int = (field, v) => [...tag(field, 0), ...varint(v)];
const message = (field, parts) => bytes(field, parts.flat());

const FLOAT = 1;
const INT64 = 7;
const floatTensor = (name, dims, data) =>
  message(5, [
    ...dims.map((d) => int(1, d)),
    int(2, FLOAT),
    string(8, name),
    bytes(9, [...new Uint8Array(Float32Array.from(data).buffer)]),
  ]);
const dim = (d) => message(1, [int(1, d)]);
const valueInfo = (field, name, shape) =>
  message(field, [string(1, name), message(2, [message(1, [int(1, FLOAT), message(2, shape.map(dim))])])]);
const attrInt = (name, v) => message(5, [string(1, name), int(3, v), int(20, 2)]);
const attrInts = (name, vs) => message(5, [string(1, name), ...vs.map((v) => int(8, v)), int(20, 7)]);
const node = (op, inputs, outputs, attrs = []) =>
  message(1, [
    ...inputs.map((i) => string(1, i)),
    ...outputs.map((o) => string(2, o)),
    string(3, `${op}_${outputs[0]}`),
    string(4, op),
    ...attrs,
  ]);

/** Weights: small multiples of 1/8, different for each tensor. */
const weights = (n, k) => Array.from({ length: n }, (_, i) => (((i * k) % 17) - 8) / 8);

export function smallModel() {
  const graph = [
    node('MatMul', ['x', 'W'], ['h']),
    node('Add', ['h', 'bias'], ['hb']),
    node('Relu', ['hb'], ['r']),
    node('Softmax', ['r'], ['y'], [attrInt('axis', -1)]),
    node('Gemm', ['x', 'W2', 'C'], ['g']),
    node('ReduceSum', ['x'], ['s'], [attrInt('keepdims', 1)]),
    node('ReduceMean', ['x'], ['m'], [attrInts('axes', [1]), attrInt('keepdims', 0)]),
    node('ReduceMax', ['x'], ['mx'], [attrInts('axes', [0]), attrInt('keepdims', 0)]),
    node('Conv', ['img', 'K', 'KB'], ['c'], [attrInts('kernel_shape', [3, 3]), attrInts('pads', [1, 1, 1, 1])]),
    string(2, 'small'),
    floatTensor('W', [16, 8], weights(128, 5)),
    floatTensor('bias', [8], weights(8, 3)),
    floatTensor('W2', [16, 5], weights(80, 7)),
    floatTensor('C', [5], weights(5, 11)),
    floatTensor('K', [4, 3, 3, 3], weights(108, 13)),
    floatTensor('KB', [4], weights(4, 2)),
    valueInfo(11, 'x', [4, 16]),
    valueInfo(11, 'img', [1, 3, 8, 8]),
    ...[
      ['y', [4, 8]],
      ['g', [4, 5]],
      ['s', [1, 1]],
      ['m', [4]],
      ['mx', [16]],
      ['c', [1, 4, 8, 8]],
    ].map(([n, s]) => valueInfo(12, n, s)),
  ];
  return new Uint8Array([...int(1, 8), ...message(8, [string(1, ''), int(2, 17)]), ...message(7, graph)]);
}
export { INT64 };
