// Remembers that an example's code is running, so that code which never finished — the tab
// was closed or reloaded while it ran, say because it looped forever — is recognized after
// a reload: the edit is kept, but the page says what happened and leaves running it to the
// reader.
import { h } from '../dom.js';
import * as storage from '../storage.js';

export interface UnfinishedRun {
  /** Marks the start of a run of the example. */
  begin(): void;
  /** Marks its end (finished, failed or stopped). */
  end(): void;
  /** The notice to show on load, or null when the last run finished. */
  notice(): HTMLElement | null;
}

export function unfinishedRun(slug: string, file: string): UnfinishedRun {
  const key = storage.keys.running(slug, file);
  return {
    begin: () => storage.save(key, '1'),
    end: () => storage.remove(key),
    notice: () =>
      storage.load(key) === '1'
        ? h(
            'p',
            { class: 'status notice unfinished' },
            'This code did not finish the last time it ran (the page was closed or reloaded while it was running). ' +
              'Your edit is kept but was not run again: check its loops, then press Run — or Reset to go back to the original.',
          )
        : null,
  };
}
