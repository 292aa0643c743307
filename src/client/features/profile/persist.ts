import { createTransform } from 'redux-persist';
import { CONTACT_FIELDS } from '../../lib/personalData';
import type { ProfileState } from './slice';

/**
 * A load in progress does not survive a reload: stored as 'loading' (the page was left mid-request), the next page
 * would wait for an answer that never comes and never ask again (no profile, so no regular student's buttons).
 * Applied when reading too, so a browser that stored 'loading' before this fix recovers.
 */
const settled = (state: ProfileState): ProfileState =>
  state.loadStatus === 'loading' ? { ...state, loadStatus: state.profilUser ? 'loaded' : 'idle' } : state;

/**
 * localStorage keeps only what a page needs before the server answers (the navbar's name and photo, the kind of
 * student): the contact data (phone, parent's phone, address, e-mail) is stored empty. The profile page asks the
 * server for the whole profile on every visit. Applied when reading too, so a copy stored before this rule loses
 * it at the next write.
 */
const withoutContact = (state: ProfileState): ProfileState =>
  state.profilUser
    ? {
        ...state,
        profilUser: {
          ...state.profilUser,
          ...Object.fromEntries(CONTACT_FIELDS.map((field) => [field, ''])),
        },
      }
    : state;

const stored = (state: ProfileState) => withoutContact(settled(state));

export const profilePersistTransform = createTransform<ProfileState, ProfileState>(stored, stored, {
  whitelist: ['profile'],
});
