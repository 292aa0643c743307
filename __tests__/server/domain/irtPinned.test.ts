import { kr20, raschFit } from '../../../src/server/domain/analisisButir';
import { abilitiesByRawScore, calibrateRasch, type Response } from '../../../src/server/domain/irt';
import { packResponses, type Responses } from '../../../src/server/domain/responseMatrix';

/**
 * The Rasch numbers of one fixed 60 × 9 matrix (8 simulated items and one everyone got right), pinned to the values
 * the straightforward array-of-rows code computed before the event-size rewrite: a faster path must give the same
 * estimates and fit statistics, not merely close ones.
 */
const ROWS = [
  '111101001',
  '111010001',
  '111000001',
  '111000001',
  '110000101',
  '111111011',
  '011111001',
  '111001001',
  '111100101',
  '011000001',
  '111110001',
  '110010001',
  '111111001',
  '101010011',
  '111110011',
  '111111101',
  '111110001',
  '100000001',
  '110110001',
  '111110001',
  '111100001',
  '110101001',
  '100110001',
  '101000101',
  '111101001',
  '111000001',
  '111110001',
  '110100001',
  '100100101',
  '101111001',
  '111111111',
  '101010001',
  '100000001',
  '011101001',
  '111001001',
  '101010001',
  '111110101',
  '111110101',
  '111110011',
  '010001001',
  '111100001',
  '111110001',
  '001100001',
  '100000001',
  '110100001',
  '101110001',
  '110000001',
  '110000001',
  '010000001',
  '111011001',
  '111000001',
  '111000101',
  '111101001',
  '111111111',
  '111010101',
  '111101001',
  '100000001',
  '110001001',
  '000101001',
  '111101001',
];
const rows = ROWS.map((line) => [...line].map((cell) => Number(cell) as Response));

/** [difficulty, se] per column; the last column is the all-correct one. */
const ITEMS: [number, number | null][] = [
  [-2.39552745469485, 0.4412971497378189],
  [-1.4937091723192126, 0.35784403463934467],
  [-1.09330115798224, 0.335142698329144],
  [-0.40566391440405053, 0.31496230619923943],
  [0.2435037019037395, 0.31567430750423764],
  [0.7489678409390492, 0.33030761329930913],
  [1.729256335030845, 0.4054302978220513],
  [2.6664738215267207, 0.5485783367920323],
  [-5, null],
];
/** [infit, outfit] per estimated column. */
const FIT: [number, number][] = [
  [0.9612496878359267, 0.9262528492040905],
  [0.9392972002022681, 0.8118175401164316],
  [0.7240802903738247, 0.5681512178902759],
  [0.8514864685996398, 0.7536562883001667],
  [0.8726862238904128, 0.7495021614763541],
  [1.1250203407110426, 1.1564460094035995],
  [1.0401853250979896, 1.1223418681935906],
  [0.695055283747415, 0.4686036193143976],
];
/** [theta, se] of raw scores 0..8 over the estimated columns. */
const ABILITIES: [number, number][] = [
  [-3.882431028314386, 1.7118313000422956],
  [-2.4296717925335543, 1.0909978880939633],
  [-1.533502117408716, 0.9367904029600708],
  [-0.7768312549796974, 0.882120606304338],
  [-0.05604089931694034, 0.8737639819272198],
  [0.685938201540921, 0.9009242741910151],
  [1.509356886263049, 0.972117121856672],
  [2.5057093700070254, 1.1359346315788568],
  [4.047449673225856, 1.7666070898471458],
];
const KR20 = 0.5538693429932509;

function expectClose(actual: number | null, expected: number | null): void {
  if (expected === null) expect(actual).toBeNull();
  else expect(Math.abs((actual as number) - expected)).toBeLessThan(1e-9);
}

const forms: [string, Responses][] = [
  ['rows', rows],
  ['a packed matrix', packResponses(rows)],
];

describe.each(forms)('Rasch numbers pinned on a fixed matrix, given as %s', (_, responses) => {
  const calibration = calibrateRasch(responses);
  const estimated = calibration.items.flatMap((item, column) =>
    item.status === 'estimated' ? [column] : [],
  );
  const difficulties = estimated.map((column) => calibration.items[column].difficulty);

  it('calibrates to the pinned difficulties and standard errors', () => {
    expect(calibration.iterations).toBe(9);
    expect(calibration.converged).toBe(true);
    expect(calibration.informativePersons).toBe(58);
    expect(calibration.items.map((item) => item.status)).toEqual([
      ...Array(8).fill('estimated'),
      'all-correct',
    ]);
    calibration.items.forEach((item, column) => {
      expectClose(item.difficulty, ITEMS[column][0]);
      expectClose(item.se, ITEMS[column][1]);
    });
  });

  it('gives the pinned infit and outfit of every estimated item', () => {
    const fit = raschFit(responses, difficulties, estimated);
    expect(fit.persons).toBe(58);
    fit.items.forEach((item, j) => {
      expectClose(item?.infit ?? null, FIT[j][0]);
      expectClose(item?.outfit ?? null, FIT[j][1]);
    });
  });

  it('gives the pinned KR-20 and ability table', () => {
    expectClose(kr20(responses), KR20);
    abilitiesByRawScore(difficulties).forEach((ability, score) => {
      expectClose(ability.theta, ABILITIES[score][0]);
      expectClose(ability.se, ABILITIES[score][1]);
    });
  });
});
