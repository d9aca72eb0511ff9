// Takes the README's screenshots with headless Chromium (run from the repository root after
// `npm run build`: node editors/vscode/scripts/screenshots.mjs). What they show, honestly:
// - images/screenshot-grammar.png: a WGSL file tokenized by this extension's grammar with
//   vscode-textmate (VS Code's tokenizer) and coloured per scope with a Dark+-like
//   palette, in a plain HTML page: the grammar's work, not VS Code's window.
// - images/screenshot-completion.png and screenshot-hover.png: the lab's editor (CodeMirror)
//   running the same completion and hover code (src/lsp) as the extension's language server.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { buildSite, startServer } from '../../../dist/cli/serve.js';

const require = createRequire(import.meta.url);
const ext = join(dirname(fileURLToPath(import.meta.url)), '..');
const images = join(ext, 'images');

const SAMPLE = `//! dispatch 64
//! buffer 0 f32[4096] = sin(i) * 0.5
struct Params { scale: f32, count: u32 }
@group(0) @binding(0) var<storage, read_write> data: array<f32>;
@group(0) @binding(1) var<uniform> params: Params;
var<workgroup> tile: array<f32, 64>; /* one value per /* nested */ invocation */

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lane: u32,
        @builtin(global_invocation_id) gid: vec3u) {
  tile[lane] = data[gid.x] * params.scale + 1.5e-3f;
  workgroupBarrier();
  // wgsl-lab-disable-next-line bank-conflict -- stride 2 on purpose
  let pair = tile[(lane * 2u) % 64u] + tile[lane ^ 0x1u];
  data[gid.x] = clamp(pair, 0.0, 1.0);
}
`;

// A Dark+-like palette: the longest matching scope prefix decides the colour.
const PALETTE = [
  ['comment.line.header', '#c586c0'],
  ['keyword.other.directive.header', '#ff8c1a'],
  ['keyword.other.suppression', '#ff8c1a'],
  ['constant.other.rule-id', '#9cdcfe'],
  ['comment', '#6a9955'],
  ['keyword.control', '#c586c0'],
  ['storage.type', '#569cd6'],
  ['storage.modifier', '#569cd6'],
  ['support.type', '#4ec9b0'],
  ['entity.name.type', '#4ec9b0'],
  ['support.function', '#dcdcaa'],
  ['entity.name.function', '#dcdcaa'],
  ['entity.other.attribute-name', '#d7ba7d'],
  ['punctuation.definition.attribute', '#d7ba7d'],
  ['support.constant', '#9cdcfe'],
  ['constant.numeric', '#b5cea8'],
  ['constant.language', '#569cd6'],
  ['keyword.operator', '#d4d4d4'],
];
const colourOf = (scopes) => {
  let best = ['', '#d4d4d4'];
  for (const s of scopes) for (const p of PALETTE) if (s.startsWith(p[0]) && p[0].length > best[0].length) best = p;
  return best[1];
};
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

async function grammarHtml() {
  const oniguruma = require('vscode-oniguruma');
  const textmate = require('vscode-textmate');
  await oniguruma.loadWASM((await readFile(require.resolve('vscode-oniguruma/release/onig.wasm'))).buffer);
  const registry = new textmate.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (p) => new oniguruma.OnigScanner(p),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scope) =>
      scope === 'source.wgsl'
        ? textmate.parseRawGrammar(await readFile(join(ext, 'syntaxes/wgsl.tmLanguage.json'), 'utf8'), 'wgsl.tmLanguage.json')
        : null,
  });
  const grammar = await registry.loadGrammar('source.wgsl');
  let state = textmate.INITIAL;
  const lines = [];
  for (const line of SAMPLE.trimEnd().split('\n')) {
    const r = grammar.tokenizeLine(line, state);
    state = r.ruleStack;
    lines.push(
      r.tokens.map((t) => `<span style="color:${colourOf(t.scopes)}">${esc(line.slice(t.startIndex, t.endIndex))}</span>`).join(''),
    );
  }
  return `<!doctype html><body style="margin:0;background:#1e1e1e"><pre id="code" style="display:inline-block;margin:0;padding:14px 18px;font:14px/1.45 'DejaVu Sans Mono',monospace;background:#1e1e1e">${lines.join('\n')}</pre></body>`;
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 900, height: 600 }, deviceScaleFactor: 1 });
  await page.setContent(await grammarHtml());
  await page.locator('#code').screenshot({ path: join(images, 'screenshot-grammar.png') });

  const dir = await mkdtemp(join(tmpdir(), 'wgsl-lab-shots-'));
  await buildSite(dir);
  const server = await startServer({ port: 0, dir });
  try {
    const lab = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    await lab.goto(`${server.url}#/lessons/02-workgroup-memory`);
    await lab.waitForSelector('body[data-backend]');
    const file = 'neighbour-average-no-barrier.wgsl';
    const editor = lab.locator(`section.example[data-file="${file}"] .cm-editor`);
    const line = editor.locator('.cm-line', { hasText: 'tile[lane] = staged;' });
    await line.click();
    await lab.keyboard.press('End');
    await lab.keyboard.press('Enter');
    await lab.keyboard.type('workgroupBa', { delay: 30 });
    await lab.locator('.cm-completionInfo').waitFor();
    const box = await editor.boundingBox();
    const clip = { x: box.x, y: (await line.boundingBox()).y - 60, width: Math.min(box.width, 900), height: 300 };
    await lab.screenshot({ path: join(images, 'screenshot-completion.png'), clip });
    await lab.keyboard.press('Enter');
    await lab.keyboard.type('();', { delay: 30 });
    await lab.keyboard.press('Escape');
    const call = editor.locator('.cm-line', { hasText: 'workgroupBarrier();' });
    const cb = await call.boundingBox();
    await lab.mouse.move(cb.x + 40, cb.y + cb.height / 2);
    await lab.locator('.cm-tooltip-hover .wl-hover').waitFor();
    await lab.screenshot({ path: join(images, 'screenshot-hover.png'), clip: { ...clip, y: clip.y - 120, height: 320 } });
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
} finally {
  await browser.close();
}
