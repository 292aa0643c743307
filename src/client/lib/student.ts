/**
 * The student's type and choice count as the server decided them (profile fields `jenis_siswa`,
 * `jumlah_pilihan`, from its settings REGULAR_INSTITUTIONS / EVENT_INSTITUTION): the SPA keeps no copy of the
 * institution lists. Selectors over the profile state's shape, shared by every feature.
 */
import { createSelector } from '@reduxjs/toolkit';
import type { ProfileUser } from '../../contract';
import { bolehPermateri } from '../../contract/permateri';

type WithProfileUser = { profile: { profilUser: ProfileUser | null } };

export const selectProfilUser = (state: WithProfileUser) => state.profile.profilUser;
const selectUser = selectProfilUser;

export const selectIsEventStudent = createSelector([selectUser], (user) => user?.jenis_siswa === 'event');

export const selectIsRegularStudent = createSelector([selectUser], (user) => user?.jenis_siswa === 'reguler');

/** The "five-choice-to-E" flag: whether option E is shown. */
export const selectFiveChoiceToE = createSelector([selectUser], (user) => user?.jumlah_pilihan === 5);

/** The Permateri card: shown to whom the server lets take a per-topic tryout (bolehPermateri). */
export const selectCanSeePermateri = createSelector(
  [selectUser],
  (user) => user !== null && bolehPermateri(user.jenis_siswa === 'event', user.id_program),
);

/** A profile kept from before the server sent the student type: it must be fetched again. */
export function lacksStudentType(user: ProfileUser | null): boolean {
  return user !== null && (user.jenis_siswa === undefined || user.jumlah_pilihan === undefined);
}
