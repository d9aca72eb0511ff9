// Sources known to finish on the simulator: a Check that ended without a step limit, or a
// pre-flight that finished. A Run of the same source then skips its pre-flight (the usual
// Check-then-Run, or Run 10×, pays for it once). The few most recent only: the lab's
// examples are edited one at a time.

export class RecentSources {
  private readonly sources: string[] = [];

  constructor(private readonly capacity: number) {}

  has(source: string): boolean {
    return this.sources.includes(source);
  }

  add(source: string): void {
    const at = this.sources.indexOf(source);
    if (at >= 0) this.sources.splice(at, 1);
    this.sources.push(source);
    if (this.sources.length > this.capacity) this.sources.shift();
  }
}
