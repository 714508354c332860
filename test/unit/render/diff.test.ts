import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FrameDiff } from '../../../src/render/diff.js';
import { cellsOf, spliceLine } from '../../../src/render/splice.js';
import { LiveScreen, SGR } from '../../../src/render/live.js';
import { expectedScreen, VirtualTerminal } from '../../helpers/vt.js';

test('cells: SGR read into canonical styles; characters one cell each', () => {
  const c = cellsOf(`a${SGR.red('bc')}${SGR.bold(SGR.inverse('d'))}█`);
  assert.deepEqual(c.chars, ['a', 'b', 'c', 'd', '█']);
  assert.deepEqual(c.styles, ['', '31', '31', '1;7', '']);
  assert.deepEqual(cellsOf('\x1b[38;5;208mx\x1b[0my').styles, ['38;5;208', '']);
});

test('an unchanged frame writes nothing; one changed cell writes that cell only', () => {
  const d = new FrameDiff();
  const frame = ['BTC_USDT  30000.50', `bid ${SGR.green('29999.00')}`, ''];
  assert.ok(d.update(frame, 40).length > 0);
  assert.equal(d.update(frame, 40), '');
  const out = d.update(['BTC_USDT  30000.70', frame[1]!, ''], 40);
  assert.equal(out, '\x1b[1;17H7', 'the pen is plain after a frame: a plain cell needs no reset');
  const styled = d.update(['BTC_USDT  30000.70', `bid ${SGR.red('29999.00')}`, ''], 40);
  assert.equal(styled, '\x1b[2;5H\x1b[31m29999.00\x1b[0m', 'a style change rewrites the cells whose style changed');
  const two = d.update(['BTC_USDT  30000.75', `bid ${SGR.red('29999.01')}`, ''], 40);
  assert.equal(two, '\x1b[1;18H5\x1b[2;12H\x1b[31m1\x1b[0m', 'each stretch moves the pen only as far as it must; the frame ends plain');
  const tail = d.update(['BTC_USDT  30000.75', `bid ${SGR.red('29999.01')} ${SGR.bold('x')}`, ''], 40);
  assert.equal(tail, '\x1b[2;13H \x1b[1mx\x1b[0m', 'text both lines start with is skipped');
  assert.equal(d.update(['BTC_USDT  30000.75', `bid ${SGR.red('29999.01')}`, ''], 40), '\x1b[2;13H\x1b[K', 'a shorter line clears from where it ends');
});

test('a shorter line clears its tail; lines past the screen width are cut', () => {
  const d = new FrameDiff();
  const vt = new VirtualTerminal(10, 2);
  vt.write(d.update(['0123456789AB', 'long line'], 10));
  assert.deepEqual(vt.text(), ['0123456789', 'long line']);
  vt.write(d.update(['0123', 'long'], 10));
  assert.deepEqual(vt.text(), ['0123', 'long']);
});

test('property: any sequence of frames, applied as diffs, leaves exactly the last frame on screen', () => {
  let seed = 7;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const styles = [(s: string) => s, SGR.red, SGR.green, SGR.bold, SGR.inverse, (s: string) => SGR.bold(SGR.red(s)), SGR.onRed];
  const word = () => Array.from({ length: rnd(6) }, () => 'ab12.█ '[rnd(7)]).join('');
  const line = () => Array.from({ length: rnd(6) }, () => styles[rnd(styles.length)]!(word())).join('');
  for (let trial = 0; trial < 40; trial++) {
    const cols = 8 + rnd(30);
    const rows = 1 + rnd(8);
    const d = new FrameDiff();
    const vt = new VirtualTerminal(cols, rows);
    let frame: string[] = [];
    for (let step = 0; step < 12; step++) {
      // Mostly small edits of the last frame, sometimes a new one.
      frame = rnd(4) === 0 ? Array.from({ length: rows }, line) : frame.map((l) => (rnd(3) === 0 ? line() : l));
      while (frame.length < rows) frame.push(line());
      vt.write(d.update(frame, cols));
      assert.deepEqual(vt.styled(), expectedScreen(frame, cols, rows), `trial ${trial} step ${step}`);
    }
  }
});

test('property: lines edited in the middle (alike start and end, styles changed or not) come out exact', () => {
  let seed = 11;
  const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const styles = [(s: string) => s, SGR.red, SGR.green, SGR.bold, SGR.inverse, SGR.dim, (s: string) => SGR.bold(SGR.red(s)), SGR.onYellow, (s: string) => `\x1b[38;5;208m${s}\x1b[0m`];
  const piece = () => ({ text: Array.from({ length: 1 + rnd(5) }, () => 'ab12.█ │'[rnd(8)]).join(''), style: rnd(styles.length) });
  type Piece = ReturnType<typeof piece>;
  const render = (ps: Piece[]) => ps.map((p) => styles[p.style]!(p.text)).join('');
  for (let trial = 0; trial < 200; trial++) {
    const cols = 10 + rnd(40);
    const rows = 1 + rnd(5);
    const d = new FrameDiff();
    const vt = new VirtualTerminal(cols, rows);
    const pieces = Array.from({ length: rows }, () => Array.from({ length: 1 + rnd(8) }, piece));
    for (let step = 0; step < 15; step++) {
      for (const ps of pieces) {
        const k = rnd(ps.length);
        const how = rnd(5);
        if (how === 0) ps[k] = { ...ps[k]!, style: rnd(styles.length) };
        else if (how === 1) ps[k] = { ...ps[k]!, text: piece().text };
        else if (how === 2) ps.splice(k, 0, piece());
        else if (how === 3 && ps.length > 1) ps.splice(k, 1);
      }
      const frame = pieces.map(render);
      vt.write(d.update(frame, cols));
      assert.deepEqual(vt.styled(), expectedScreen(frame, cols, rows), `trial ${trial} step ${step}`);
    }
  }
});

test('live screen: one synchronized write per frame, only what changed; relayout repaints all', () => {
  const writes: string[] = [];
  const out = { isTTY: true, columns: 20, rows: 3, write: (s: string) => (writes.push(s), true) };
  let price = '1.00';
  const screen = new LiveScreen(out, () => [`last ${price}`, 'static line']);
  screen.start();
  const first = writes.splice(0).join('');
  assert.match(first, /static line/);
  price = '1.05';
  screen.relayout();
  assert.match(writes.join(''), /static line/, 'a relayout writes every line');
  writes.length = 0;
  price = '1.07';
  (screen as unknown as { draw(): void }).draw();
  assert.equal(writes.length, 1);
  assert.equal(writes[0], '\x1b[?2026h\x1b[1;9H7\x1b[?2026l');
  screen.stop();
});

test('splicing a styled box into a styled line keeps both sides styled', () => {
  const base = `${SGR.red('aaaa')}bbbb${SGR.green('cccc')}`;
  const out = spliceLine(base, 3, SGR.inverse('XYZ'));
  assert.deepEqual(cellsOf(out).chars.join(''), 'aaaXYZbbcccc');
  assert.deepEqual(cellsOf(out).styles, ['31', '31', '31', '7', '7', '7', '', '', '32', '32', '32', '32']);
  assert.equal(cellsOf(spliceLine('ab', 4, 'x')).chars.join(''), 'ab  x');
});
