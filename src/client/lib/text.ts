/** Lower case without accents or surrounding spaces, for institution names compared "accent-insensitively". */
export function foldText(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLowerCase();
}
