/** The demo packages are operator package files in the repository, each with its simulation data. */
import { readFileSync } from 'node:fs';
import { JADWAL } from '../../../src/server/demo/catalog';
import { bacaSimulasi, paketFilePath } from '../../../src/server/demo/paketFile';
import type { PaketFile } from '../../../src/server/operator/paketFormat';
import { periksaPaketFile } from '../../../src/server/operator/periksaPaket';

const files = JADWAL.map((def) => {
  const path = paketFilePath(def);
  const stored: unknown = JSON.parse(readFileSync(path, 'utf8'));
  return { def, path, stored, file: stored as PaketFile };
});

describe('demo package files', () => {
  it.each(files.map((f) => [f.path.replace(/.*\//, ''), f] as const))(
    '%s is a valid package',
    (_name, { path, stored }) => {
      expect(periksaPaketFile(path, stored)).toEqual([]);
    },
  );

  it('regular packages have four options and no key E; the event keeps five', () => {
    for (const { def, file } of files) {
      const pilihan = file.kategori
        .flatMap((k) => k.mapel.flatMap((m) => m.soal))
        .filter((s) => s.type === 1);
      expect(pilihan.length).toBeGreaterThan(0);
      expect(file.jumlah_opsi).toBe(def.isEvent ? 5 : 4);
      if (!def.isEvent) expect(pilihan.filter((s) => s.kunci === 'E' || s.opsi?.e !== undefined)).toEqual([]);
    }
  });

  it('each package has one simulation entry per question, wrong answers for the short answers only', () => {
    for (const { def, file } of files) {
      const simulasi = bacaSimulasi(def);
      const mapel = file.kategori.flatMap((k) => k.mapel);
      expect(Object.keys(simulasi).sort()).toEqual(mapel.map((m) => m.nama).sort());
      for (const m of mapel) {
        const model = simulasi[m.nama];
        expect(model).toHaveLength(m.soal.length);
        m.soal.forEach((s, i) => {
          expect(Number.isFinite(model[i].kesulitan)).toBe(true);
          const isian = s.type === 2 || s.type === 5;
          expect([def.paket, m.nama, i + 1, (model[i].jawaban_salah ?? []).length > 0]).toEqual([
            def.paket,
            m.nama,
            i + 1,
            isian,
          ]);
        });
      }
    }
  });
});
