import { text } from '../text';

/** The navigation entries of the layout; `perMateri` ones only for students who may take per-topic tryouts. */
export const navEntries: readonly { to: string; label: string; perMateri?: true }[] = [
  { to: '/home', label: text.nav.dashboard },
  { to: '/to-permateri', label: text.nav.tryoutPermateri, perMateri: true },
  { to: '/to', label: text.nav.tryoutPaket },
  { to: '/hasil', label: text.nav.hasil },
  { to: '/rangking', label: text.nav.ranking },
  { to: '/petunjuk-to', label: text.nav.petunjukTo },
];
