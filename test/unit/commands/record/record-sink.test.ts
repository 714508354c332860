// The recording's writer against a disk that never drains: what waits in memory stays bounded, and the
// recording stops with an error instead of dropping a push or growing without end.
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import { RecordingSink } from '../../../../src/commands/record/sink.js';

const BOUND = 64 * 1024;
const LINE = `${JSON.stringify({ t: 1, raw: 'x'.repeat(1000) })}\n`;

/** A sink on a fresh file in a temporary directory, writing to a stream that accepts and never finishes a write. */
function stalled(name: string) {
  const dir = mkdtempSync(join(tmpdir(), 'bm-sink-'));
  let disk!: Writable;
  const sink = new RecordingSink(join(dir, name), {
    maxPendingBytes: BOUND,
    open: (fd) => {
      closeSync(fd);
      return (disk = new Writable({ highWaterMark: 1024, write: () => undefined }));
    },
  });
  return { sink, disk: () => disk, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

for (const name of ['day.ndjson', 'day.ndjson.gz']) {
  test(`${name}: a disk that does not drain stops the recording once the bound waits, nothing dropped before`, (t) => {
    const { sink, disk, cleanup } = stalled(name);
    t.after(cleanup);
    sink.header('{"format":"bm-recording"}\n');
    let offered = 0;
    while (!sink.error && offered < 10_000) {
      sink.event(LINE);
      offered++;
    }
    assert.ok(sink.error, 'the bound was hit');
    assert.match(sink.error.message, /the disk is slower than the stream: over 65536 bytes wait to be written/);
    assert.equal(sink.events, offered, 'every push offered before the stop was kept');
    assert.ok(sink.pending() > BOUND && sink.pending() <= BOUND + 2 * LINE.length + 64 * 1024, `bounded: ${sink.pending()} bytes wait`);
    if (!name.endsWith('.gz')) assert.equal(disk().writableLength, sink.bytes + '{"format":"bm-recording"}\n'.length, 'all in the queue');
    // Once stopped, a later push is not taken (and not counted as recorded).
    const waiting = sink.pending();
    sink.event(LINE);
    assert.equal(sink.events, offered);
    assert.equal(sink.pending(), waiting);
  });
}

test('a disk that keeps up: no error, whatever the volume', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'bm-sink-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const sink = new RecordingSink(join(dir, 'day.ndjson'), { maxPendingBytes: BOUND });
  // Five times the bound in all, in rounds under it, the disk catching up between them.
  for (let round = 0; round < 20; round++) {
    for (let i = 0; i < 16; i++) sink.event(LINE);
    await drained(sink);
  }
  assert.equal(sink.error, undefined);
  assert.equal(sink.events, 320);
  await sink.close();
});

/** Resolves once the sink has handed everything to the disk. */
function drained(sink: RecordingSink): Promise<void> {
  return new Promise((done) => {
    const poll = () => (sink.pending() === 0 ? done() : setImmediate(poll));
    poll();
  });
}
