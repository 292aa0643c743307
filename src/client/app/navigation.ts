import { text } from '../text';

/** The navigation entries of spec §2 Layout. */
export const navEntries = [
  { to: '/home', label: text.nav.dashboard },
  { to: '/to-permateri', label: text.nav.tryoutPermateri },
  { to: '/to', label: text.nav.tryoutPaket },
  { to: '/hasil', label: text.nav.hasil },
  { to: '/rangking', label: text.nav.ranking },
  { to: '/petunjuk-to', label: text.nav.petunjukTo },
] as const;
