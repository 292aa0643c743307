import { decodeBase64Utf8 } from '../../lib/base64';
import { idParam } from '../../lib/routeParams';

/** Rows of one ranking page in the SPA: one view stays a few kilobytes at any size of event. (A value of the
 * client's own: a value imported from the contract would bring TypeBox into the first bundle.) */
export const RANKING_PER_HALAMAN_TAMPILAN = 50;

/** The choice number of /rangking/:id/pilihan/:id2, whose id2 is the base64 of the number. */
export function choiceParam(value: string | undefined): number | null {
  if (value === undefined) return null;
  try {
    return idParam(decodeBase64Utf8(value).trim());
  } catch {
    // Not base64 at all: the URL was typed by hand.
    return null;
  }
}

/** The ranking page of /rangking/...?halaman=N (1 when absent or not a page number). */
export function halamanParam(value: string | null): number {
  // The server takes pages up to 2^31 − 1; a longer number typed by hand is the last page there is, i.e. empty.
  return Math.min(idParam(value ?? undefined) ?? 1, 2_147_483_647);
}

/** The page (1-based) of `RANKING_PER_HALAMAN_TAMPILAN` rows that holds place `posisi` of the listing. */
export const halamanOf = (posisi: number) => Math.ceil(posisi / RANKING_PER_HALAMAN_TAMPILAN);
