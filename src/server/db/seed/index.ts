import type { Db } from '../createDb';

/** Seeds the demo data when the database has no student yet. (Filled in by the demo-data work.) */
export async function seedIfEmpty(_db: Db): Promise<boolean> {
  return false;
}
