import type { ProfileState } from './slice';

export { selectProfilUser } from '../../lib/student';

type WithProfile = { profile: ProfileState };

export const selectProfileLoadStatus = (state: WithProfile) => state.profile.loadStatus;
