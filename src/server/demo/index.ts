import type { Transaction } from 'kysely';
import type { Executor } from '../db/executor';
import type { Database } from '../db/types';
import { loadConfig } from '../config';
import type { InstitutionRules } from '../domain/studentType';
import { calibrateJadwal } from '../scoring/irtScoring';
import { imporSiswaDalam, siapkanSiswa, type SiswaSiap } from '../operator/imporSiswa';
import { DEMO, DEMO_ROLES, demoAccountsTabel, type DemoRole } from './accounts';
import { insertAttempts, type AttemptPlan } from './attempts';
import { insertRows, insertRowsReturningIds } from '../db/batch';
import { DAY, type JadwalRole } from './catalog';
import { pilihanAcak, pilihanReguler, type ProdiSeed } from './choices';
import { insertMateri, type MateriSummary } from './materi';
import { enrol, insertPackages, type JadwalSeed } from './packages';
import { pesertaSintetis, type Peserta } from './participants';
import { tabelSiswa } from './tabelSiswa';
import { prodiDemo } from './prodi';
import { Rng } from './random';
import { isiLembar, totalPaket } from './responses';

export { DEMO } from './accounts';
export type { DemoRole } from './accounts';
export type { JadwalRole } from './catalog';

/** The fixed seed of the demo data: the same `now` gives the same rows (password salts aside). */
export const SEED = 20_250_421;

export interface SeedOptions {
  /** Epoch ms the schedules are placed around; default Date.now(). */
  now?: number;
  /** Synthetic participants (default 300). */
  participants?: number;
  /** The server's institution rules, for the package import's A–D check (default: the default settings). */
  rules?: InstitutionRules;
}

export interface KategoriRingkas {
  id: number;
  nama: string;
  hash: string;
  mapel: { id: number; nama: string; waktu: number; jumlahSoal: number }[];
}

export interface JadwalRingkas {
  id: number;
  paket: number;
  isEvent: boolean;
  tglAwal: number;
  tglAkhir: number;
  kategori: KategoriRingkas[];
}

/** What tests and the CLI need to find the demo rows again. */
export interface SeedSummary {
  now: number;
  /** Ids of the four demo accounts. */
  siswa: Record<DemoRole, number>;
  /** Paket #1 selesai, #5 terlewat, #2 berjalan, #3 berikutnya, #4 akanDatang, #9 eventSelesai, #10 eventBerjalan. */
  jadwal: Record<JadwalRole, JadwalRingkas>;
  /** Synthetic participants created. */
  participants: number;
  /** reguler's Paket #1 total (mean of subject scores) and his two choices: 1 does not pass, 2 passes. */
  reguler: { skorPaket1: number; prodiTidakLulus: number; prodiLulus: number };
  /** Finished package attempts (hasil_to rows) written. */
  attempts: number;
  /** Per-topic tryouts: the topic reguler finished and one he has not started. */
  materi: MateriSummary;
}

const AKTIF_DEFAULT = 300;

function ringkas(jadwal: JadwalSeed): JadwalRingkas {
  return {
    id: jadwal.id,
    paket: jadwal.paket,
    isEvent: jadwal.isEvent,
    tglAwal: jadwal.tglAwal,
    tglAkhir: jadwal.tglAkhir,
    kategori: jadwal.kategori.map((k) => ({
      id: k.id,
      nama: k.nama,
      hash: k.hash,
      mapel: k.mapel.map((m) => ({ id: m.id, nama: m.nama, waktu: m.waktu, jumlahSoal: m.soal.length })),
    })),
  };
}

/** A start time inside the schedule's window, leaving a day at each end. */
function mulaiAcak(rng: Rng, jadwal: JadwalSeed): number {
  const from = jadwal.tglAwal + DAY;
  const to = jadwal.tglAkhir - DAY;
  return from + Math.floor(rng.next() * Math.max(1, to - from));
}

/**
 * Two neighbouring synthetic participants near the top get the same answers, so the ranking shows a shared
 * competition rank (1, 2, 2, 4).
 */
function buatSeri(plans: AttemptPlan[], jadwal: JadwalSeed, synthetic: Set<number>): void {
  const ranked = plans
    .filter((plan) => plan.jadwal === jadwal)
    .map((plan) => ({ plan, total: totalPaket(jadwal, plan.lembar) }))
    .sort((a, b) => b.total - a.total || a.plan.idSiswa - b.plan.idSiswa);
  for (let i = 1; i + 1 < ranked.length; i += 1) {
    const [first, second] = [ranked[i].plan, ranked[i + 1].plan];
    if (synthetic.has(first.idSiswa) && synthetic.has(second.idSiswa)) {
      second.lembar = new Map(first.lembar);
      return;
    }
  }
}

interface Inserted {
  siswa: Record<DemoRole, number>;
  jadwal: Record<JadwalRole, JadwalSeed>;
  reguler: SeedSummary['reguler'];
  attempts: number;
  materi: MateriSummary;
}

/** The demo's students, checked and hashed by the operator's import before the seed's transaction. */
interface SiswaDisiapkan {
  accounts: SiswaSiap;
  /** None when the seed is asked for no synthetic participant. */
  peserta: SiswaSiap | null;
}

/** Both student lists as an institution's files would give them: the accounts, then the synthetic participants. */
async function siapkanSiswaDemo(db: Executor, peserta: readonly Peserta[]): Promise<SiswaDisiapkan> {
  return {
    accounts: await siapkanSiswa(db, 'demo-akun.csv', demoAccountsTabel()),
    peserta:
      peserta.length === 0
        ? null
        : await siapkanSiswa(db, 'demo-peserta.csv', tabelSiswa(peserta.map((p) => p.siswa)), {
            sintetis: true,
          }),
  };
}

async function insertAll(
  trx: Transaction<Database>,
  rng: Rng,
  now: number,
  disiapkan: SiswaDisiapkan,
  peserta: Peserta[],
  rules: InstitutionRules,
): Promise<Inserted> {
  const accountIds = await imporSiswaDalam(trx, disiapkan.accounts, now);
  const siswa = Object.fromEntries(
    DEMO_ROLES.map((role) => [role, accountIds.get(DEMO.usernames[role]) as number]),
  ) as Record<DemoRole, number>;
  const idPeserta = disiapkan.peserta ? await imporSiswaDalam(trx, disiapkan.peserta, now) : new Map();
  const pesertaIds = peserta.map((p) => idPeserta.get(p.siswa.username) as number);

  // The demo accounts are enrolled by the package files themselves; the synthetic participants here.
  const jadwal = await insertPackages(trx, rng.fork('paket'), now, rules);
  await enrol(
    trx,
    peserta.flatMap((p, i) =>
      (p.event ? [jadwal.eventSelesai] : [jadwal.selesai, jadwal.terlewat]).map((j) => ({
        id_jadwal: j.id,
        id_siswa: pesertaIds[i],
      })),
    ),
  );

  // Answer sheets: the demo students first (their own streams), then every synthetic participant.
  const lembarRng = rng.fork('lembar');
  const plans: AttemptPlan[] = [
    {
      idSiswa: siswa.reguler,
      jadwal: jadwal.selesai,
      lembar: isiLembar(rng.fork('reguler'), 1.2, jadwal.selesai),
      startedAt: now - 10 * DAY + 9 * 60 * 60 * 1000,
    },
    {
      idSiswa: siswa.akbar,
      jadwal: jadwal.eventSelesai,
      lembar: isiLembar(rng.fork('akbar'), 0.6, jadwal.eventSelesai),
      startedAt: now - 20 * DAY + 8 * 60 * 60 * 1000,
    },
  ];
  peserta.forEach((p, i) => {
    for (const j of p.event ? [jadwal.eventSelesai] : [jadwal.selesai, jadwal.terlewat]) {
      plans.push({
        idSiswa: pesertaIds[i],
        jadwal: j,
        lembar: isiLembar(lembarRng, p.theta, j),
        startedAt: mulaiAcak(lembarRng, j),
      });
    }
  });
  const synthetic = new Set(pesertaIds);
  for (const role of ['selesai', 'terlewat', 'eventSelesai'] as const)
    buatSeri(plans, jadwal[role], synthetic);
  const attempts = await insertAttempts(trx, rng.fork('waktu'), plans);

  // University programmes and choices; reguler's around his real Paket #1 score.
  const daftarProdi = prodiDemo();
  const prodiIds = await insertRowsReturningIds(trx, 'prodi', daftarProdi);
  const prodi: ProdiSeed[] = daftarProdi.map((p, i) => ({ ...p, id: prodiIds[i] }));
  const skorPaket1 = totalPaket(jadwal.selesai, plans[0].lembar);
  const { tidakLulus, lulus } = pilihanReguler(prodi, skorPaket1);
  const pilihanRng = rng.fork('pilihan');
  await insertRows(trx, 'pilihan_siswa', [
    { id_siswa: siswa.reguler, num_option: 1, id_prodi: tidakLulus.id },
    { id_siswa: siswa.reguler, num_option: 2, id_prodi: lulus.id },
    ...pilihanTetap(siswa.tutor, prodi, [10, 12]),
    ...pilihanTetap(siswa.akbar, prodi, [2, 16]),
    ...pilihanTetap(siswa.umum, prodi, [8, 14]),
    ...peserta.flatMap((p, i) => pilihanAcak(pilihanRng, prodi, pesertaIds[i], p.theta)),
  ]);

  const materi = await insertMateri(trx, now, siswa.reguler);

  return {
    siswa,
    jadwal,
    reguler: { skorPaket1, prodiTidakLulus: tidakLulus.id, prodiLulus: lulus.id },
    attempts,
    materi,
  };
}

function pilihanTetap(idSiswa: number, prodi: readonly ProdiSeed[], indexes: [number, number]) {
  return indexes.map((index, i) => ({ id_siswa: idSiswa, num_option: i + 1, id_prodi: prodi[index].id }));
}

/**
 * The whole demo data set in one transaction (multi-row inserts), deterministic for a given `now`. Event scores
 * are then calibrated by IRT as the closing of a TO Akbar schedule would do.
 */
export async function seedDemo(db: Executor, options: SeedOptions = {}): Promise<SeedSummary> {
  const now = options.now ?? Date.now();
  const total = options.participants ?? AKTIF_DEFAULT;
  const rules = options.rules ?? loadConfig({});
  const rng = new Rng(SEED);
  const peserta = pesertaSintetis(rng.fork('peserta'), total);
  const disiapkan = await siapkanSiswaDemo(db, peserta);

  const inserted = await db
    .transaction()
    .execute((trx) => insertAll(trx, rng, now, disiapkan, peserta, rules));
  await calibrateJadwal(db, inserted.jadwal.eventSelesai.id, now);

  const jadwal = Object.fromEntries(
    Object.entries(inserted.jadwal).map(([role, j]) => [role, ringkas(j)]),
  ) as Record<JadwalRole, JadwalRingkas>;
  return {
    now,
    siswa: inserted.siswa,
    jadwal,
    participants: total,
    reguler: inserted.reguler,
    attempts: inserted.attempts,
    materi: inserted.materi,
  };
}

/** Seeds the demo data when the database has no student yet; true when it seeded. */
export async function seedIfEmpty(db: Executor, options: SeedOptions = {}): Promise<boolean> {
  const any = await db.selectFrom('siswa').select('id').limit(1).executeTakeFirst();
  if (any) return false;
  await seedDemo(db, options);
  return true;
}
