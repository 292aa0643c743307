/** The demo packages are operator package files in the repository, in step with the question generators. */
import { readFileSync } from 'node:fs';
import { SEED } from '../../src/server/demo';
import { paketFilesSeed } from '../../src/server/demo/packages';
import { Rng } from '../../src/server/demo/random';
import { periksaPaketFile } from '../../src/server/operator/periksaPaket';

const files = paketFilesSeed(new Rng(SEED).fork('paket'));

describe('demo package files', () => {
  it.each(files.map((f) => [f.path.replace(/.*\//, ''), f] as const))(
    '%s is what the generators write (npm run seed -- --write-packages) and a valid package',
    (_name, { path, file }) => {
      const stored: unknown = JSON.parse(readFileSync(path, 'utf8'));
      expect(stored).toEqual(JSON.parse(JSON.stringify(file)));
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
});
