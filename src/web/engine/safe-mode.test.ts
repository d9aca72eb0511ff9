// The in-flight record of GPU runs that makes the next page open in safe mode: set before
// a run is submitted, cleared when every run finished by itself, kept after one was given up.
import { describe, expect, it } from 'vitest';
import { GpuFlights, IN_FLIGHT_KEY, type RecordStore } from './safe-mode.js';

function memoryStore(): RecordStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, load: (k) => map.get(k), save: (k, v) => void map.set(k, v), remove: (k) => void map.delete(k) };
}
const NOW = new Date('2026-12-03T20:00:00Z');

describe('GpuFlights', () => {
  it('records a run while it is in flight and clears the record when it finishes', () => {
    const store = memoryStore();
    const flights = new GpuFlights(store, () => NOW);
    expect(flights.recorded()).toBeUndefined();
    const run = flights.begin('square.wgsl');
    expect(flights.recorded()).toEqual({ file: 'square.wgsl', since: '2026-12-03T20:00:00.000Z' });
    run.end();
    expect(store.map.has(IN_FLIGHT_KEY)).toBe(false);
  });

  it('keeps the record while another run is still in flight', () => {
    const store = memoryStore();
    const flights = new GpuFlights(store, () => NOW);
    const a = flights.begin('a.wgsl');
    const b = flights.begin('b.wgsl');
    a.end();
    expect(flights.recorded()?.file).toBe('b.wgsl');
    b.end();
    expect(flights.recorded()).toBeUndefined();
  });

  it('a run given up (Stop, the time limit) leaves the record for good; a late finish does not clear it', () => {
    const store = memoryStore();
    const flights = new GpuFlights(store, () => NOW);
    const stuck = flights.begin('endless.wgsl');
    stuck.abandon();
    stuck.end();
    flights.begin('next.wgsl').end();
    expect(flights.recorded()?.file).toBe('next.wgsl');
  });

  it('a record left by an earlier page is read back; clear() forgets it', () => {
    const store = memoryStore();
    new GpuFlights(store, () => NOW).begin('square.wgsl');
    const next = new GpuFlights(store);
    expect(next.recorded()).toEqual({ file: 'square.wgsl', since: '2026-12-03T20:00:00.000Z' });
    next.clear();
    expect(next.recorded()).toBeUndefined();
  });

  it('a damaged record still means safe mode', () => {
    const store = memoryStore();
    store.save(IN_FLIGHT_KEY, '{not json');
    expect(new GpuFlights(store).recorded()).toEqual({ file: 'an example', since: '' });
  });
});
