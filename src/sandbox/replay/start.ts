/** The replayed market of `bm sandbox serve --replay`: the recording checked whole, then read again as its pushes fall due. */
import type { MarketFactory } from '../market/market.js';
import { FileFeed } from './feed.js';
import type { ReplayCaps } from './lines.js';
import { ReplayMarket } from './market.js';
import { checkRecording } from './recording.js';

/**
 * Checks the recording at `path` (rejects with RecordingFileError when it is not one), reads its first
 * pushes, and returns the market to build.
 */
export async function replayMarket(path: string, speed: number, opts: { readonly caps?: ReplayCaps; readonly readAheadBytes?: number } = {}): Promise<MarketFactory> {
  const rec = await checkRecording(path, opts.caps);
  const feed = new FileFeed(path, opts.caps, opts.readAheadBytes);
  await feed.prime();
  return (seam) => {
    seam.log(`replay: ${rec.events} pushes recorded from ${rec.header.venue} (${rec.header.topics.join(' ')}), at ${speed}x`);
    return new ReplayMarket(seam, feed, rec.first ?? 0, speed);
  };
}
