// The bank-conflict heat maps of a check: ONE map at a time, for the access site picked in
// a selector (the worst site first), instead of a map per site stacked down the page.
// The map is an SVG grid of lanes (rows, the worst instruction's subgroup) by banks
// (columns) with labelled axes, each lane's cell coloured by how many distinct words its
// bank had to serve (1 = no conflict); a bar row under the grid shows each bank's degree,
// and a legend gives the colour scale and its unit. The caption carries the numbers.
import type { BankConflictSite, CheckReport } from '../../checks/report.js';
import { h } from '../dom.js';
import { at } from './format.js';
import { revealLink } from './reveal-link.js';

const CELL = 12;
const LEFT = 46;
const TOP = 32;
const BAR = 28;
/** A tick label every TICK banks or lanes. */
const TICK = 4;
const NS = 'http://www.w3.org/2000/svg';

/** Colour for a bank serving `ways` words when the worst bank serves `max`. */
function heat(ways: number, max: number): string {
  if (ways <= 1) return 'hsl(140 55% 45%)';
  const t = Math.min(1, (ways - 1) / Math.max(1, max - 1));
  return `hsl(${Math.round(45 - 45 * t)} 85% ${Math.round(55 - 12 * t)}%)`;
}

type SvgAttrs = Record<string, string | number>;

/** An SVG element (the DOM builder `h` makes HTML elements only). */
function svgEl(tag: string, attrs: SvgAttrs, ...children: (Node | string)[]): SVGElement {
  const el = document.createElementNS(NS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

const label = (x: number, y: number, s: string, attrs: SvgAttrs = {}) =>
  svgEl('text', { x, y, 'font-size': 10, fill: '#3d4450', ...attrs }, s);

/** The lanes × banks grid with its axes and the bar row of ways per bank. */
function drawMap(site: BankConflictSite, banks: number): SVGElement {
  const laneBanks = site.worstLaneBanks ?? [];
  const lanes = laneBanks.length;
  const bankWays = site.worstBanks ?? new Array<number>(banks).fill(0);
  const max = Math.max(1, ...bankWays);
  const gridW = banks * CELL;
  const gridH = lanes * CELL;
  const barTop = TOP + gridH + 8;
  const width = LEFT + gridW + 8;
  const height = barTop + BAR + 4;
  const parts: SVGElement[] = [];

  // Axes: banks across the top, lanes down the left side.
  parts.push(label(LEFT + gridW / 2, 10, 'bank →', { 'text-anchor': 'middle', class: 'axis-title', 'data-axis': 'x' }));
  for (let b = 0; b < banks; b += TICK)
    parts.push(label(LEFT + b * CELL + CELL / 2, TOP - 6, String(b), { 'text-anchor': 'middle', class: 'tick', 'data-axis': 'x' }));
  if (lanes) {
    const y = TOP + gridH / 2;
    parts.push(
      label(10, y, 'lane →', { 'text-anchor': 'middle', transform: `rotate(-90 10 ${y})`, class: 'axis-title', 'data-axis': 'y' }),
    );
  }
  for (let l = 0; l < lanes; l += TICK)
    parts.push(label(LEFT - 4, TOP + l * CELL + CELL - 2, String(l), { 'text-anchor': 'end', class: 'tick', 'data-axis': 'y' }));

  // The empty grid, then one cell per active lane at the bank it accessed.
  parts.push(svgEl('rect', { x: LEFT, y: TOP, width: gridW, height: gridH, fill: '#eef0f3' }));
  laneBanks.forEach((bank, lane) => {
    if (bank < 0) return;
    const ways = bankWays[bank] ?? 1;
    parts.push(
      svgEl(
        'rect',
        { x: LEFT + bank * CELL, y: TOP + lane * CELL, width: CELL - 1, height: CELL - 1, fill: heat(ways, max), class: 'cell' },
        svgEl('title', {}, `lane ${lane} → bank ${bank}: ${ways} way${ways === 1 ? '' : 's'}`),
      ),
    );
  });

  // Per-bank degree as bars, scaled to the worst bank.
  parts.push(label(LEFT - 4, barTop + BAR - 2, `${max}×`, { 'text-anchor': 'end', class: 'tick' }));
  bankWays.forEach((ways, bank) => {
    if (!ways) return;
    const hgt = Math.max(2, (BAR * ways) / max);
    parts.push(svgEl('rect', { x: LEFT + bank * CELL, y: barTop + BAR - hgt, width: CELL - 1, height: hgt, fill: heat(ways, max) }));
  });

  return svgEl(
    'svg',
    {
      class: 'heatmap',
      viewBox: `0 0 ${width} ${height}`,
      width,
      role: 'img',
      'font-family': 'system-ui, sans-serif',
      'aria-label': `Heat map of lanes by banks for ${site.variable} at ${at(site.line, site.column)}: ${site.maxWays}-way`,
    },
    ...parts,
  );
}

/** The colour scale: a swatch per step from 1 way (no conflict) to the worst, with the unit. */
function legend(max: number): HTMLElement {
  const steps =
    max <= 8 ? Array.from({ length: max }, (_, i) => i + 1) : [1, Math.round(max / 4), Math.round(max / 2), Math.round((3 * max) / 4), max];
  const values = [...new Set(steps)];
  return h(
    'div',
    { class: 'heat-legend', role: 'group', 'aria-label': 'Colour scale' },
    h('span', { class: 'legend-unit' }, 'ways (distinct words one bank serves in one access; 1 = no conflict):'),
    values.map((v) =>
      h(
        'span',
        { class: 'legend-step', 'data-ways': v },
        svgEl(
          'svg',
          { width: 12, height: 12, viewBox: '0 0 12 12', 'aria-hidden': 'true' },
          svgEl('rect', { width: 12, height: 12, fill: heat(v, max) }),
        ),
        ` ${v}`,
      ),
    ),
  );
}

function caption(site: BankConflictSite): HTMLElement {
  const where = at(site.line, site.column);
  return h(
    'figcaption',
    {},
    revealLink(
      where,
      [{ line: site.line, column: site.column, role: 'primary', label: `${site.maxWays}-way bank conflict` }],
      'this access',
    ),
    ` ${site.variable} ${site.access}: ${site.maxWays}-way bank conflict${(site.sameWordLanes ?? 1) > 1 ? ` (${site.sameWordLanes} lanes' atomics on one word serialize)` : ''}, mean ${site.meanWays.toFixed(1)} ways; ${site.wavefronts} wavefronts where ${site.ideal} would do (${site.excess} excess) over ${site.executions} executions`,
  );
}

const siteName = (s: BankConflictSite) => `${at(s.line, s.column)} ${s.variable} ${s.access} — ${s.maxWays}-way`;

/** The heat map of `sites` (each with a conflict), the worst shown first, a selector when there are several. */
export function renderBankSites(sites: BankConflictSite[], model: CheckReport['model']): HTMLElement {
  // The worst first; ties keep source order.
  const order = sites.map((s, i) => ({ s, i })).sort((a, b) => b.s.maxWays - a.s.maxWays || a.i - b.i);
  const figure = h('figure', { class: 'bank-site' });
  const show = (site: BankConflictSite) => {
    figure.dataset.line = String(site.line);
    figure.dataset.maxWays = String(site.maxWays);
    figure.replaceChildren(drawMap(site, model.banks), legend(Math.max(1, ...(site.worstBanks ?? [1]))), caption(site));
  };
  show(order[0]!.s);
  if (sites.length === 1) return h('div', { class: 'bank-sites' }, figure);
  const select = h(
    'select',
    { onchange: () => show(sites[Number(select.value)]!) },
    order.map(({ s, i }) => h('option', { value: i }, siteName(s))),
  );
  return h(
    'div',
    { class: 'bank-sites' },
    h('label', { class: 'site-picker' }, `Access site (${sites.length} with bank conflicts): `, select),
    figure,
  );
}
