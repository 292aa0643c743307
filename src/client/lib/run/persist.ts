import { createTransform } from 'redux-persist';
import { runInitialState, type RunState } from './slice';

/** Only the unsent answers survive a reload (they are resent); a clock is the server's to give again. */
export const runPersistTransform = createTransform<RunState, Pick<RunState, 'outbox'>>(
  (state) => ({ outbox: state.outbox }),
  (stored) => ({ ...runInitialState, outbox: stored.outbox ?? [] }),
  { whitelist: ['run'] },
);
