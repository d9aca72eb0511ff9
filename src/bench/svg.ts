// The report as one SVG: a bar chart of GB/s per main-table configuration (with the copy
// kernel's GB/s as a reference line), and a line chart of the size sweep on a log2 size
// axis. Plain SVG text, no dependencies.
import type { BenchReport, BenchResult } from './report.js';

const WIDTH = 960;
const BAR_HEIGHT = 18;
const LABEL_WIDTH = 360;
const MARGIN = 20;
const SWEEP_HEIGHT = 320;

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function fmt(x: number): string {
  return x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
}

/** Round axis maximum and tick step for values up to `max`. */
function axis(max: number): { top: number; step: number } {
  const raw = max > 0 ? max / 5 : 1;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw)!;
  return { top: Math.ceil(max / step) * step || step, step };
}

function barChart(rows: BenchResult[], y0: number): { svg: string[]; height: number } {
  const plotWidth = WIDTH - LABEL_WIDTH - 2 * MARGIN - 60;
  const max = Math.max(0, ...rows.map((r) => r.GBps ?? 0));
  const { top, step } = axis(max);
  const x = (v: number) => LABEL_WIDTH + MARGIN + (v / top) * plotWidth;
  const out: string[] = [
    `<text x="${MARGIN}" y="${y0 + 16}" class="title">GB/s per configuration (bytes read + written once, median run)</text>`,
  ];
  const yTop = y0 + 30;
  const height = rows.length * (BAR_HEIGHT + 4);
  for (let v = 0; v <= top; v += step) {
    out.push(
      `<line x1="${x(v)}" y1="${yTop}" x2="${x(v)}" y2="${yTop + height}" class="grid"/>`,
      `<text x="${x(v)}" y="${yTop + height + 14}" class="tick" text-anchor="middle">${fmt(v)}</text>`,
    );
  }
  rows.forEach((r, i) => {
    const y = yTop + i * (BAR_HEIGHT + 4);
    const label = `${r.name} · ${r.variant}`;
    out.push(`<text x="${LABEL_WIDTH + MARGIN - 6}" y="${y + 13}" class="label" text-anchor="end">${esc(label)}</text>`);
    if (r.GBps === null) {
      out.push(`<text x="${x(0) + 4}" y="${y + 13}" class="fail">failed${r.error ? `: ${esc(r.error.slice(0, 60))}` : ''}</text>`);
      return;
    }
    out.push(
      `<rect x="${x(0)}" y="${y}" width="${Math.max(1, x(r.GBps) - x(0))}" height="${BAR_HEIGHT}" class="${r.primitive === 'copy' ? 'bar copy' : r.validated ? 'bar' : 'bar invalid'}"/>`,
      `<text x="${x(r.GBps) + 4}" y="${y + 13}" class="value">${fmt(r.GBps)}${r.validated ? '' : ' (not validated)'}</text>`,
    );
  });
  const copy = rows.find((r) => r.primitive === 'copy')?.GBps;
  if (copy) out.push(`<line x1="${x(copy)}" y1="${yTop}" x2="${x(copy)}" y2="${yTop + height}" class="reference"/>`);
  return { svg: out, height: 30 + height + 24 };
}

function sweepChart(rows: BenchResult[], y0: number): { svg: string[]; height: number } {
  const series = [...new Set(rows.map((r) => `${r.name} · ${r.variant}`))];
  const sizes = rows.map((r) => Math.log2(r.n));
  const lo = Math.min(...sizes);
  const hi = Math.max(...sizes);
  const { top, step } = axis(Math.max(0, ...rows.map((r) => r.GBps ?? 0)));
  const left = MARGIN + 60;
  const right = WIDTH - MARGIN - 200;
  const yTop = y0 + 30;
  const yBottom = yTop + SWEEP_HEIGHT - 60;
  const x = (log2: number) => left + ((log2 - lo) / Math.max(1, hi - lo)) * (right - left);
  const y = (v: number) => yBottom - (v / top) * (yBottom - yTop);
  const out: string[] = [
    `<text x="${MARGIN}" y="${y0 + 16}" class="title">Size sweep: GB/s against elements (launch overhead dominates on the left)</text>`,
  ];
  for (let v = 0; v <= top; v += step)
    out.push(
      `<line x1="${left}" y1="${y(v)}" x2="${right}" y2="${y(v)}" class="grid"/>`,
      `<text x="${left - 6}" y="${y(v) + 4}" class="tick" text-anchor="end">${fmt(v)}</text>`,
    );
  for (let k = lo; k <= hi; k += 2) out.push(`<text x="${x(k)}" y="${yBottom + 16}" class="tick" text-anchor="middle">2^${k}</text>`);
  series.forEach((s, i) => {
    const points = rows
      .filter((r) => `${r.name} · ${r.variant}` === s && r.GBps !== null)
      .map((r) => `${x(Math.log2(r.n)).toFixed(1)},${y(r.GBps!).toFixed(1)}`);
    out.push(
      `<polyline points="${points.join(' ')}" class="line s${i % 4}"/>`,
      `<text x="${right + 10}" y="${yTop + 16 * i + 10}" class="label s${i % 4}text">${esc(s)}</text>`,
    );
  });
  return { svg: out, height: SWEEP_HEIGHT };
}

export function reportSvg(report: BenchReport): string {
  const main = report.results.filter((r) => r.group === 'main');
  const sweep = report.results.filter((r) => r.group === 'sweep');
  const header = `<text x="${MARGIN}" y="24" class="heading">wgsl-lab bench (${report.mode}) — ${esc(report.device.description)}</text>`;
  let y = 40;
  const parts: string[] = [header];
  if (main.length) {
    const b = barChart(main, y);
    parts.push(...b.svg);
    y += b.height;
  }
  if (sweep.length) {
    const s = sweepChart(sweep, y);
    parts.push(...s.svg);
    y += s.height;
  }
  const style = `<style>
text { font-family: system-ui, sans-serif; fill: #222; }
.heading { font-size: 16px; font-weight: 600; } .title { font-size: 13px; font-weight: 600; }
.label, .value, .fail { font-size: 11px; } .tick { font-size: 10px; fill: #666; } .fail { fill: #b00; }
.grid { stroke: #e4e4e4; } .reference { stroke: #444; stroke-dasharray: 4 3; }
.bar { fill: #4a7bd0; } .bar.copy { fill: #888; } .bar.invalid { fill: #d05a4a; }
.line { fill: none; stroke-width: 2; } .s0 { stroke: #888; } .s1 { stroke: #4a7bd0; } .s2 { stroke: #d08a4a; } .s3 { stroke: #5aa05a; }
.s0text { fill: #666; } .s1text { fill: #4a7bd0; } .s2text { fill: #d08a4a; } .s3text { fill: #5aa05a; }
</style>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${y + MARGIN}" viewBox="0 0 ${WIDTH} ${y + MARGIN}">\n${style}\n<rect width="100%" height="100%" fill="white"/>\n${parts.join('\n')}\n</svg>\n`;
}
