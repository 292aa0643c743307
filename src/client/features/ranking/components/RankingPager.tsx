import type { ReactNode } from 'react';
import { Link } from '../../../components/Link';
import { rankingText } from '../text';
import { halamanOf, RANKING_PER_HALAMAN_TAMPILAN } from '../params';

const t = rankingText;

/** State of a link that jumps to the student's own row: the table scrolls it into view. */
export interface JumpState {
  saya?: boolean;
}

function PageLink({ to, saya, children }: { to: number | null; saya?: boolean; children: ReactNode }) {
  if (to === null)
    return (
      <span className="btn btn-outline-secondary btn-sm disabled" aria-disabled="true">
        {children}
      </span>
    );
  const state: JumpState = { saya };
  return (
    <Link to={{ search: `?halaman=${to}` }} state={state} className="btn btn-outline-primary btn-sm">
      {children}
    </Link>
  );
}

/**
 * Paging of a ranking of any size: the top of the list, the page before and after, and a jump to the page holding
 * the student's own place (`posisiSaya`, none when the student is not ranked). Links, so the browser's back button
 * and a reload keep the page.
 */
export function RankingPager(props: { halaman: number; jumlahPeserta: number; posisiSaya: number | null }) {
  const { halaman, jumlahPeserta, posisiSaya } = props;
  const jumlahHalaman = Math.max(1, Math.ceil(jumlahPeserta / RANKING_PER_HALAMAN_TAMPILAN));
  return (
    <nav className="d-flex flex-wrap align-items-center gap-2 mb-3" aria-label={t.navigasi}>
      <PageLink to={halaman === 1 ? null : 1}>{t.teratas}</PageLink>
      <PageLink to={halaman > 1 ? Math.min(halaman - 1, jumlahHalaman) : null}>{t.sebelumnya}</PageLink>
      <span className="small text-body-secondary" aria-live="polite">
        {t.halamanDari(halaman, jumlahHalaman)}
      </span>
      <PageLink to={halaman < jumlahHalaman ? halaman + 1 : null}>{t.berikutnya}</PageLink>
      {posisiSaya !== null && (
        <PageLink to={halamanOf(posisiSaya)} saya>
          {t.posisiSaya}
        </PageLink>
      )}
    </nav>
  );
}
