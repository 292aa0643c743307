import type { IconName } from '../../components/Icon';
import { text } from '../../text';
import { dashboardText } from './text';

export type MenuCardId = 'petunjukTo' | 'tryoutPermateri' | 'tryoutPaket' | 'hasil' | 'ranking';

/** The dashboard's menu cards, in their order on the page. */
export const menuCards: { id: MenuCardId; to: string; title: string; description: string; icon: IconName }[] =
  [
    {
      id: 'petunjukTo',
      to: '/petunjuk-to',
      title: text.nav.petunjukTo,
      description: dashboardText.cards.petunjukTo,
      icon: 'book',
    },
    {
      id: 'tryoutPermateri',
      to: '/to-permateri',
      title: text.nav.tryoutPermateri,
      description: dashboardText.cards.tryoutPermateri,
      icon: 'layers',
    },
    {
      id: 'tryoutPaket',
      to: '/to',
      title: text.nav.tryoutPaket,
      description: dashboardText.cards.tryoutPaket,
      icon: 'clipboard',
    },
    {
      id: 'hasil',
      to: '/hasil',
      title: text.nav.hasil,
      description: dashboardText.cards.hasil,
      icon: 'chart',
    },
    {
      id: 'ranking',
      to: '/rangking',
      title: text.nav.ranking,
      description: dashboardText.cards.ranking,
      icon: 'trophy',
    },
  ];
