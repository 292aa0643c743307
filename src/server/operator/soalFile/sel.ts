/** A spreadsheet cell's value as the text a person sees (exceljs gives numbers, dates, rich text, formulas). */
import type { CellValue } from 'exceljs';

export function teksSel(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('result' in value) return teksSel((value.result ?? null) as CellValue);
  if ('error' in value) return String(value.error);
  return '';
}
