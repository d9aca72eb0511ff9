// The bank-conflict heat map of one access site: a grid of lanes (rows) by banks
// (columns) for the site's worst instruction, each lane's cell coloured by how many
// distinct words its bank had to serve (1 = no conflict). A bar row under the grid shows
// each bank's degree; the caption carries the numbers (maxWays, meanWays, excess).
import type { BankConflictSite, CheckReport } from '../../checks/report.js';
import { h } from '../dom.js';
import { at } from './format.js';

const CELL = 8;
const LEFT = 28;
const TOP = 14;
const BAR = 24;

/** Colour for a bank serving `ways` words when the worst bank serves `max`. */
function heat(ways: number, max: number): string {
  if (ways <= 1) return 'hsl(140 55% 45%)';
  const t = Math.min(1, (ways - 1) / Math.max(1, max - 1));
  return `hsl(${Math.round(45 - 45 * t)} 85% ${Math.round(55 - 12 * t)}%)`;
}

function draw(canvas: HTMLCanvasElement, laneBanks: number[] | undefined, bankWays: number[], banks: number): void {
  const lanes = laneBanks?.length ?? 0;
  const max = Math.max(1, ...bankWays);
  canvas.width = LEFT + banks * CELL + 2;
  canvas.height = TOP + lanes * CELL + BAR + 14;
  const g = canvas.getContext('2d');
  if (!g) return;
  g.fillStyle = '#fff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.font = '9px system-ui, sans-serif';
  g.fillStyle = '#555';
  g.fillText('bank →', LEFT, 10);
  g.save();
  g.translate(9, TOP + (lanes * CELL) / 2);
  g.rotate(-Math.PI / 2);
  g.textAlign = 'center';
  if (lanes) g.fillText('lane →', 0, 0);
  g.restore();
  // Empty grid, then one filled cell per active lane.
  g.fillStyle = '#eef0f3';
  g.fillRect(LEFT, TOP, banks * CELL, lanes * CELL);
  laneBanks?.forEach((bank, lane) => {
    if (bank < 0) return;
    g.fillStyle = heat(bankWays[bank] ?? 1, max);
    g.fillRect(LEFT + bank * CELL, TOP + lane * CELL, CELL - 1, CELL - 1);
  });
  // Per-bank degree as bars, scaled to the worst bank.
  const y0 = TOP + lanes * CELL + 4;
  bankWays.forEach((ways, bank) => {
    if (!ways) return;
    const hgt = Math.max(2, (BAR * ways) / max);
    g.fillStyle = heat(ways, max);
    g.fillRect(LEFT + bank * CELL, y0 + BAR - hgt, CELL - 1, hgt);
  });
  g.fillStyle = '#555';
  g.fillText(`ways per bank (max ${max})`, LEFT, y0 + BAR + 10);
}

export function renderBankSite(site: BankConflictSite, model: CheckReport['model']): HTMLElement {
  const banks = model.banks;
  const bankWays = site.worstBanks ?? new Array<number>(banks).fill(0);
  const summary = `${at(site.line, site.column)} ${site.variable} ${site.access}: ${site.maxWays}-way bank conflict${(site.sameWordLanes ?? 1) > 1 ? ` (${site.sameWordLanes} lanes' atomics on one word serialize)` : ''}, mean ${site.meanWays.toFixed(1)} ways; ${site.wavefronts} wavefronts where ${site.ideal} would do (${site.excess} excess) over ${site.executions} executions`;
  const canvas = h('canvas', {
    class: 'heatmap',
    role: 'img',
    'aria-label': `Heat map of lanes by banks for ${site.variable} at ${at(site.line, site.column)}: ${site.maxWays}-way`,
  });
  draw(canvas, site.worstLaneBanks, bankWays, banks);
  return h('figure', { class: 'bank-site', 'data-line': site.line, 'data-max-ways': site.maxWays }, canvas, h('figcaption', {}, summary));
}
