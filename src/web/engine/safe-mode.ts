// Safe mode. A kernel that never ends on a software GPU (SwiftShader) keeps running after the
// page gives its device up, and Chromium then stalls the tab's reload and new tabs while it
// destroys that device. So every GPU run is recorded in localStorage before it is submitted
// and the record is cleared when the run finishes by itself; a run that was stopped, timed
// out, or still going when the page was left keeps it. A page that finds the record at load
// opens in safe mode: the simulator only, no WebGPU call at all, a notice saying why, and a
// button to try the GPU again (which clears the record and reloads).

/** Where the record lives: the lab's storage module (tests pass a Map). */
export interface RecordStore {
  load(key: string): string | undefined;
  save(key: string, value: string): void;
  remove(key: string): void;
}

export const IN_FLIGHT_KEY = 'gpu-in-flight';

/** The GPU run a record describes. */
export interface InFlightRun {
  /** The example's file. */
  file: string;
  /** When it was submitted (ISO 8601). */
  since: string;
}

/** One GPU run: end() when it finished by itself, abandon() when it was given up. */
export interface Flight {
  end(): void;
  abandon(): void;
}

export class GpuFlights {
  private open = 0;
  private abandoned = false;

  constructor(
    private readonly store: RecordStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The unfinished run recorded by an earlier page, if any. */
  recorded(): InFlightRun | undefined {
    const text = this.store.load(IN_FLIGHT_KEY);
    if (text === undefined) return undefined;
    try {
      const r = JSON.parse(text) as Partial<InFlightRun>;
      return { file: typeof r.file === 'string' ? r.file : 'an example', since: typeof r.since === 'string' ? r.since : '' };
    } catch {
      return { file: 'an example', since: '' };
    }
  }

  /** Records a GPU run about to be submitted. */
  begin(file: string): Flight {
    this.open++;
    this.store.save(IN_FLIGHT_KEY, JSON.stringify({ file, since: this.now().toISOString() } satisfies InFlightRun));
    let settled = false;
    const settle = (abandon: boolean) => {
      if (settled) return;
      settled = true;
      this.open--;
      if (abandon) this.abandoned = true;
      if (this.open === 0 && !this.abandoned) this.store.remove(IN_FLIGHT_KEY);
    };
    return { end: () => settle(false), abandon: () => settle(true) };
  }

  /** Forgets the record (the learner chose to try the GPU again). */
  clear(): void {
    this.store.remove(IN_FLIGHT_KEY);
  }
}
