import { createTransform } from 'redux-persist';
import { runInitialState, type RunState } from './slice';

/** What survives a reload: the unsent answers (they are resent) and the deadline of the sheet's clock (a reload
 * without network counts on to it); the running clock itself is the server's to give again. */
export const runPersistTransform = createTransform<RunState, Pick<RunState, 'outbox' | 'kept'>>(
  (state) => ({ outbox: state.outbox, kept: state.kept }),
  (stored) => ({ ...runInitialState, outbox: stored.outbox ?? [], kept: stored.kept ?? null }),
  { whitelist: ['run'] },
);
