// Large outputs go to stdout in pieces, waiting when the pipe is full, so that neither one
// giant string (V8 caps strings near 512 MiB) nor an unbounded write queue is ever built.
import { once } from 'node:events';

/** Pieces are gathered up to this size before each write. */
const WRITE_BYTES = 1 << 16;

/** Writes `chunks` and a final newline to `stream`, honouring back-pressure. */
export async function writeChunks(stream: NodeJS.WritableStream, chunks: Iterable<string>): Promise<void> {
  let pending = '';
  for (const chunk of chunks) {
    pending += chunk;
    if (pending.length < WRITE_BYTES) continue;
    if (!stream.write(pending)) await once(stream, 'drain');
    pending = '';
  }
  if (!stream.write(pending + '\n')) await once(stream, 'drain');
}
