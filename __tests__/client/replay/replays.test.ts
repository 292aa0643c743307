/**
 * Every DevTools export in `__tests__/client/replays/` (or in REPLAY_DIR) replays with no difference from its
 * recording: same requests with the same bodies, same dialogs, same saga actions (README "Support"). The
 * `real-*.json` files there were made by the real Redux DevTools extension; the others by our e2e recorder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { explain, parseReplay, replaySession } from '../../helpers/replay';

jest.mock('sweetalert2', () => jest.requireActual('../../helpers/replay').replaySwal);

const REPLAY_DIR = process.env.REPLAY_DIR ?? path.resolve(__dirname, '../replays');
const files = readdirSync(REPLAY_DIR)
  .filter((file) => file.endsWith('.json'))
  .sort();

describe('QA replays', () => {
  it.each(files)('%s replays as recorded', async (file) => {
    const replay = parseReplay(JSON.parse(readFileSync(path.join(REPLAY_DIR, file), 'utf8')), file);
    const report = await replaySession(replay);
    // The whole report (where it started, each problem, what to do) is the failure message.
    if (report.problems.length > 0) throw new Error(explain(file, report));
    expect(report.requests).toBeGreaterThan(0);
  });
});
