// The lesson diagrams by name: a lesson places one with `![caption](diagram:NAME)`, and
// the site build puts its SVG there (scripts/lesson-html-plugin.ts).
import { banksDiagram } from './banks.js';
import { dispatchDiagram } from './dispatch.js';
import { haloDiagram } from './halo.js';
import { reductionDiagram } from './reduction.js';
import { scanDiagram } from './scan.js';

export const DIAGRAMS: Record<string, string> = {
  dispatch: dispatchDiagram(),
  halo: haloDiagram(),
  banks: banksDiagram(),
  reduction: reductionDiagram(),
  scan: scanDiagram(),
};
