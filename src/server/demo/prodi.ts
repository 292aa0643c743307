import type { Insertable } from 'kysely';
import type { ProdiTable } from '../db/types';
import { bacaDataDemo } from './dataFile';

/** University programmes (PTN) with a minimum score (0..1000) and a capacity, for the choice rankings. */
export function prodiDemo(): Insertable<ProdiTable>[] {
  return bacaDataDemo<Insertable<ProdiTable>[]>('prodi.json');
}
