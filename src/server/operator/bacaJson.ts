/** A JSON file's text parsed, or its problem with line and column (JSON.parse says only a character position). */
import { FileBermasalah } from './masalah';

export function posisi(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
}

export function bacaJson(text: string, fileName: string): unknown {
  const clean = text.replace(/^\uFEFF/, '');
  try {
    return JSON.parse(clean);
  } catch (error) {
    const message = (error as Error).message;
    // Node 20 says "at position N"; later versions add "(line L column C)" themselves.
    const position = /position (\d+)/.exec(message);
    const offset = position ? Number(position[1]) : /end of JSON input/.test(message) ? clean.length : null;
    const where = offset === null ? null : posisi(clean, offset);
    const detail = message
      .replace(/ in JSON at position \d+.*$/, '')
      .replace(/\s*\(line \d+ column \d+\)$/, '');
    throw new FileBermasalah([
      {
        tempat: where ? `${fileName} line ${where.line}, column ${where.column}` : fileName,
        pesan: `is not valid JSON (${detail})`,
      },
    ]);
  }
}
