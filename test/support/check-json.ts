// Reading `check --json` output in tests: the document is always `{ version: 1, files: […] }`.
import { expect } from 'vitest';

/* eslint-disable @typescript-eslint/no-explicit-any -- tests read the JSON as printed */
export function checkDocument(out: string): { version: number; files: any[] } {
  const doc = JSON.parse(out) as { version: number; files: any[] };
  expect(Object.keys(doc)).toEqual(['version', 'files']);
  expect(doc.version).toBe(1);
  expect(Array.isArray(doc.files)).toBe(true);
  return doc;
}

/** The one element of a `check --json` document for a file with one report (or failure). */
export function onlyReport(out: string): any {
  const { files } = checkDocument(out);
  expect(files).toHaveLength(1);
  return files[0];
}
