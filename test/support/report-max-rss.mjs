// Preloaded (`node --import`) into a command under test: on exit it writes the process's
// peak resident memory to stderr as a last line `max-rss-kb N`, so a test can assert how
// much memory the command really took (every thread included, Dawn's too).
import { writeSync } from 'node:fs';

process.on('exit', () => {
  writeSync(2, `\nmax-rss-kb ${process.resourceUsage().maxRSS}\n`);
});
