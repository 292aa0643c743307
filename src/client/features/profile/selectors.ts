import { createSelector } from '@reduxjs/toolkit';
import { foldText } from '../../lib/text';
import { LEMBAGA_EVENT, LEMBAGA_REGULER, MINAT_LIMA_PILIHAN, PROGRAM_PERMATERI } from './constants';
import type { ProfileState } from './slice';

type WithProfile = { profile: ProfileState };

export const selectProfilUser = (state: WithProfile) => state.profile.profilUser;
export const selectIdProfil = (state: WithProfile) => state.profile.idProfil;
export const selectProfileLoadStatus = (state: WithProfile) => state.profile.loadStatus;

/** Event (TO Akbar) student: lembaga equals "TO Akbar", accents and case ignored (spec §1). */
export function isEventLembaga(lembaga: string): boolean {
  return foldText(lembaga) === foldText(LEMBAGA_EVENT);
}

/** Regular student: lembaga is SiapTes or tutorindonesia (spec §1), compared the same way. */
export function isRegularLembaga(lembaga: string): boolean {
  const folded = foldText(lembaga);
  return LEMBAGA_REGULER.some((name) => foldText(name) === folded);
}

/** Five choices (A–E): always for non-regular students; for regular ones only with a listed minat (spec §5). */
export function hasFiveChoices(lembaga: string, minat: string): boolean {
  if (!isRegularLembaga(lembaga)) return true;
  const folded = foldText(minat);
  return MINAT_LIMA_PILIHAN.some((name) => foldText(name) === folded);
}

export const selectIsEventStudent = createSelector([selectProfilUser], (user) =>
  user ? isEventLembaga(user.lembaga) : false,
);

export const selectIsRegularStudent = createSelector([selectProfilUser], (user) =>
  user ? isRegularLembaga(user.lembaga) : false,
);

/** The "five-choice-to-E" flag of spec §3: whether option E is shown. */
export const selectFiveChoiceToE = createSelector([selectProfilUser], (user) =>
  user ? hasFiveChoices(user.lembaga, user.minat) : false,
);

/** The Permateri card: hidden for event students, shown only for id_program 1, 2, 5, 6, 7 (spec §2, §6). */
export const selectCanSeePermateri = createSelector(
  [selectProfilUser, selectIsEventStudent],
  (user, event) =>
    user !== null && !event && (PROGRAM_PERMATERI as readonly number[]).includes(user.id_program),
);
