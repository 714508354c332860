/** The replayed market of `bm sandbox serve --replay`: the recording read and checked, then the driver made. */
import type { MarketFactory } from '../market/market.js';
import { ReplayMarket } from './market.js';
import { readRecording } from './recording.js';

/** Reads the recording at `path` (throws RecordingFileError when it is not one) and returns the market to build. */
export function replayMarket(path: string, speed: number): MarketFactory {
  const rec = readRecording(path);
  return (seam) => {
    seam.log(`replay: ${rec.events.length} pushes recorded from ${rec.header.venue} (${rec.header.topics.join(' ')}), at ${speed}x`);
    return new ReplayMarket(seam, rec, speed);
  };
}
