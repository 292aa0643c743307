/**
 * Every DevTools export in `__tests__/client/replays/` (or in REPLAY_DIR) replays with no difference from its
 * recording: same requests with the same bodies, same dialogs, same saga actions (README "Support").
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseReplay, replaySession } from '../../helpers/replay';

jest.mock('sweetalert2', () => jest.requireActual('../../helpers/replay').replaySwal);

const REPLAY_DIR = process.env.REPLAY_DIR ?? path.resolve(__dirname, '../replays');
const files = readdirSync(REPLAY_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort();

describe('QA replays', () => {
  it.each(files)('%s replays as recorded', async (file) => {
    const replay = parseReplay(JSON.parse(readFileSync(path.join(REPLAY_DIR, file), 'utf8')), file);
    const report = await replaySession(replay);
    expect(report.problems).toEqual([]);
    expect(report.requests).toBeGreaterThan(0);
  });
});
