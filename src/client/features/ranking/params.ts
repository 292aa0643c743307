import { decodeBase64Utf8 } from '../../lib/base64';
import { idParam } from '../../lib/routeParams';

/** The choice number of /rangking/:id/pilihan/:id2, whose id2 is the base64 of the number (spec §2). */
export function choiceParam(value: string | undefined): number | null {
  if (value === undefined) return null;
  try {
    return idParam(decodeBase64Utf8(value).trim());
  } catch {
    // Not base64 at all: the URL was typed by hand.
    return null;
  }
}
