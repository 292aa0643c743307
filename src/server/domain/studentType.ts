/** Student types, decided from the institution (lembaga) alone: pure, no I/O. */
import { bolehPermateri } from '../../contract/permateri';

/** Institutions folded so far: a handful of names, asked on every tryout call (bounded all the same). */
const folded = new Map<string, string>();
const FOLDED_MAX = 1000;

/** Lower-case, strip accents and fold spaces, so "TO  Akbar", "to akbar" and "TÓ Akbar" compare equal. */
export function foldInstitution(name: string): string {
  let result = folded.get(name);
  if (result === undefined) {
    result = name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .trim();
    if (folded.size >= FOLDED_MAX) folded.clear();
    folded.set(name, result);
  }
  return result;
}

export interface InstitutionRules {
  regularInstitutions: string[];
  eventInstitution: string;
}

export function isEventStudent(lembaga: string, rules: InstitutionRules): boolean {
  return foldInstitution(lembaga) === foldInstitution(rules.eventInstitution);
}

export function isRegularStudent(lembaga: string, rules: InstitutionRules): boolean {
  const folded = foldInstitution(lembaga);
  return rules.regularInstitutions.some((name) => foldInstitution(name) === folded);
}

/** Interests for which regular students get option E. */
export const FIVE_CHOICE_MINAT = [
  'SMA KELAS 10 IPA',
  'SMA KELAS 10 IPS',
  'SMA KELAS 11 IPA',
  'SMA KELAS 11 IPS',
  'SMA KELAS 12 IPA',
  'SMA KELAS 12 IPS',
];

/** Non-regular students always get A–E; regular students only for the SMA interests above. */
export function allowsFiveChoices(lembaga: string, minat: string, rules: InstitutionRules): boolean {
  if (!isRegularStudent(lembaga, rules)) return true;
  return FIVE_CHOICE_MINAT.includes(minat.trim().toUpperCase());
}

/** Who may take a per-topic tryout (the rule the SPA shows the card by, in the contract). */
export function mayTakePermateri(lembaga: string, idProgram: number, rules: InstitutionRules): boolean {
  return bolehPermateri(isEventStudent(lembaga, rules), idProgram);
}
