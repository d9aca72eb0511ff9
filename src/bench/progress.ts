// A progress bar for a terminal (redrawn in place), or one line per step when the stream
// is a pipe or a file, so logs stay readable.
export interface ProgressStream {
  write(s: string): unknown;
  isTTY?: boolean;
}

const WIDTH = 24;

export function progressBar(stream: ProgressStream): (done: number, total: number, label: string) => void {
  return (done, total, label) => {
    if (!stream.isTTY) {
      if (done < total) stream.write(`[${done + 1}/${total}] ${label}\n`);
      return;
    }
    const filled = Math.round((done / Math.max(1, total)) * WIDTH);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} ${label}`;
    stream.write(`\r\x1b[2K${line.slice(0, 100)}${done === total ? '\n' : ''}`);
  };
}
