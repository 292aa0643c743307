import { bankItem, p, pilihanGanda, type GenContext, type Generator, type SoalDraft } from './draft';

/** Literasi dalam Bahasa Inggris: English passages, instructions in Indonesian as in the real test. */

interface Passage {
  title: string;
  text: (n: number) => string[];
  mainIdea: [string, string[]];
  detail: (n: number) => [string, string, string[]];
  vocab: [string, string, string[]];
  inference: [string, string[]];
}

const PASSAGES: readonly Passage[] = [
  {
    title: 'The Komodo Dragon',
    text: (n) => [
      `The Komodo dragon is the largest living lizard in the world. Adult males can grow up to three metres long, and about ${n} hundred of them live on the island of Komodo alone.`,
      'Although they look slow, Komodo dragons are patient hunters. They wait beside animal trails and attack deer or wild pigs that pass by. Their saliva contains venom that prevents the blood of their prey from clotting.',
      'Because their habitat is small and tourism keeps growing, park rangers limit the number of visitors and require them to walk with a guide.',
    ],
    mainIdea: [
      'The characteristics of Komodo dragons and how their habitat is protected.',
      [
        'The history of tourism in Indonesia.',
        'The diet of wild pigs on Komodo Island.',
        'How park rangers are trained.',
        'Why lizards are slow animals.',
      ],
    ],
    detail: (n) => [
      'How many Komodo dragons live on the island of Komodo, according to the passage?',
      `About ${n * 100}`,
      [`About ${n * 10}`, `About ${n * 1000}`, 'About three', `Exactly ${n * 100 + 50}`],
    ],
    vocab: [
      'patient',
      'able to wait calmly',
      ['very fast', 'easily angry', 'seriously ill', 'extremely large'],
    ],
    inference: [
      'Visitors must walk with a guide because uncontrolled tourism could threaten the dragons and the visitors.',
      [
        'Guides are cheaper than entrance tickets.',
        'Komodo dragons only attack tourists.',
        'The island has no roads.',
        'Rangers want to sell souvenirs.',
      ],
    ],
  },
  {
    title: 'Batik Goes Digital',
    text: (n) => [
      `Batik makers in Pekalongan have started to sell their work online. In the last year, ${n * 8} percent of small workshops in the city opened an online shop.`,
      'Selling online allows them to reach buyers in other countries without paying for an expensive shop in a big city. However, many craftsmen still find it hard to take good photos and to write product descriptions in English.',
      'A local university now runs free weekend classes on digital marketing for batik makers.',
    ],
    mainIdea: [
      'Batik workshops are moving to online sales and getting help to do it well.',
      [
        'Batik is only sold in big cities.',
        'Photography is a difficult hobby.',
        'Universities in Pekalongan are expensive.',
        'Foreign buyers dislike batik.',
      ],
    ],
    detail: (n) => [
      'What percentage of small workshops opened an online shop last year?',
      `${n * 8} percent`,
      [`${100 - n * 8} percent`, `${n * 8 + 10} percent`, `${n * 8 - 10} percent`, '100 percent'],
    ],
    vocab: ['reach', 'get in contact with', ['leave behind', 'pay for', 'compete against', 'make fun of']],
    inference: [
      'Better English skills could help the craftsmen sell more abroad.',
      [
        'Online shops will replace all batik workshops.',
        'The classes are only for university students.',
        'Batik makers do not own cameras.',
        'Pekalongan has no internet connection.',
      ],
    ],
  },
  {
    title: 'Sleep and Learning',
    text: (n) => [
      `A study of ${n * 10} secondary school students found that those who slept at least eight hours remembered new vocabulary better than those who slept less than six hours.`,
      'During deep sleep, the brain replays what it has learned during the day and moves it into long-term memory. Staying up late to study the night before an exam can therefore be less effective than studying earlier and sleeping well.',
      'The researchers suggest that schools avoid starting lessons too early in the morning.',
    ],
    mainIdea: [
      'Enough sleep helps students store what they learn.',
      [
        'Vocabulary tests are too difficult.',
        'Schools should start lessons earlier.',
        'Deep sleep is dangerous for teenagers.',
        'Students should study only at night.',
      ],
    ],
    detail: (n) => [
      'How many students took part in the study?',
      `${n * 10}`,
      [`${n}`, `${n * 100}`, `${n * 10 + 8}`, 'Six'],
    ],
    vocab: [
      'effective',
      'producing the intended result',
      ['taking a long time', 'very expensive', 'easy to forget', 'done at night'],
    ],
    inference: [
      'A student who studies a week before the exam and sleeps well is likely to remember more.',
      [
        'Sleeping less than six hours improves memory.',
        'The brain stops working during deep sleep.',
        'Early lessons are required by law.',
        'Vocabulary cannot be learned at school.',
      ],
    ],
  },
];

function passageHtml(passage: Passage, n: number): string {
  return p('Bacalah teks berikut untuk menjawab soal.', `<b>${passage.title}</b>`, ...passage.text(n));
}

function question(ctx: GenContext, kind: 'main' | 'detail' | 'vocab' | 'inference'): SoalDraft {
  const passage = bankItem(PASSAGES, ctx);
  const n = ctx.rng.int(3, 9);
  const html = passageHtml(passage, n);
  switch (kind) {
    case 'main': {
      const [right, wrong] = passage.mainIdea;
      return pilihanGanda(
        ctx,
        `${html}${p('What is the passage mainly about?')}`,
        right,
        wrong,
        p(`Ide pokok teks: <i>${right}</i>`),
        0,
      );
    }
    case 'detail': {
      const [question, right, wrong] = passage.detail(n);
      return pilihanGanda(
        ctx,
        `${html}${p(question)}`,
        right,
        wrong,
        p(`Informasi ini tersurat pada paragraf pertama: <i>${right}</i>.`),
        -0.4,
      );
    }
    case 'vocab': {
      const [word, right, wrong] = passage.vocab;
      return pilihanGanda(
        ctx,
        `${html}${p(`The word “<b>${word}</b>” in the passage is closest in meaning to …`)}`,
        right,
        wrong,
        p(`Dalam konteks teks, <i>${word}</i> bermakna “${right}”.`),
        0.2,
      );
    }
    case 'inference': {
      const [right, wrong] = passage.inference;
      return pilihanGanda(
        ctx,
        `${html}${p('Which statement can be inferred from the passage?')}`,
        right,
        wrong,
        p(`Simpulan tersirat: <i>${right}</i>`),
        0.6,
      );
    }
  }
}

export const LITERASI_INGGRIS: Generator[] = [
  (ctx) => question(ctx, 'main'),
  (ctx) => question(ctx, 'detail'),
  (ctx) => question(ctx, 'vocab'),
  (ctx) => question(ctx, 'inference'),
  (ctx) => question(ctx, 'main'),
  (ctx) => question(ctx, 'detail'),
  (ctx) => question(ctx, 'vocab'),
  (ctx) => question(ctx, 'inference'),
  (ctx) => question(ctx, 'main'),
  (ctx) => question(ctx, 'detail'),
  (ctx) => question(ctx, 'vocab'),
  (ctx) => question(ctx, 'inference'),
];
