/** The package tryout's pages: the detail, a category's preview and a subject's sheet. */
import { encodeBase64Utf8 } from '../../lib/base64';
import type { RunTarget, SheetTarget } from './slice';

export const previewPath = ({ idJadwal, kategoriHash }: RunTarget) =>
  `/to/${idJadwal}/preview/${kategoriHash}`;
export const detailPath = (idJadwal: number) => `/to/${idJadwal}`;
export const sheetPath = ({ idJadwal, kategoriHash, idMapel }: SheetTarget) =>
  `/to/${idJadwal}/sheet/${kategoriHash}/${encodeBase64Utf8(String(idMapel))}`;
