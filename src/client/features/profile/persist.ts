import { createTransform } from 'redux-persist';
import type { ProfileState } from './slice';

/**
 * A load in progress does not survive a reload: stored as 'loading' (the page was left mid-request), the next page
 * would wait for an answer that never comes and never ask again (no profile, so no regular student's buttons).
 * Applied when reading too, so a browser that stored 'loading' before this fix recovers.
 */
const settled = (state: ProfileState): ProfileState =>
  state.loadStatus === 'loading' ? { ...state, loadStatus: state.profilUser ? 'loaded' : 'idle' } : state;

export const profilePersistTransform = createTransform<ProfileState, ProfileState>(settled, settled, {
  whitelist: ['profile'],
});
