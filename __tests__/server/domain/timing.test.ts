import {
  clampReported,
  closeClock,
  durasiDetik,
  elapsedCharge,
  isPastGrace,
  newClock,
  openClock,
  isWindowOver,
  serverRemaining,
  settleSubjects,
  tick,
  type ClockRules,
} from '../../../src/server/domain/timing';

const T0 = 1_700_000_000_000;
const S = 1000;
const practice: ClockRules = { wallClock: false, durasi: 600, closesAt: null };
const event: ClockRules = { wallClock: true, durasi: 600, closesAt: null };

describe('elapsedCharge', () => {
  it('charges whole seconds and carries the fraction', () => {
    expect(elapsedCharge({ wallClock: false, openedAt: T0, lastSeenAt: T0, now: T0 + 10_700 })).toEqual({
      seconds: 10,
      seenAt: T0 + 10 * S,
    });
  });
  it('caps a practice gap at 125 s and forgives the rest', () => {
    expect(elapsedCharge({ wallClock: false, openedAt: T0, lastSeenAt: T0, now: T0 + 900 * S })).toEqual({
      seconds: 125,
      seenAt: T0 + 900 * S,
    });
  });
  it('charges the whole gap on the wall clock', () => {
    expect(elapsedCharge({ wallClock: true, openedAt: T0, lastSeenAt: T0, now: T0 + 900 * S }).seconds).toBe(
      900,
    );
  });
  it('charges nothing before the subject is opened', () => {
    expect(elapsedCharge({ wallClock: false, openedAt: null, lastSeenAt: null, now: T0 }).seconds).toBe(0);
  });
});

describe('tick', () => {
  it('leaves an unopened clock alone', () => {
    const clock = newClock(600);
    expect(tick(clock, practice, T0 + 9999 * S)).toBe(clock);
    expect(durasiDetik(10)).toBe(600);
  });

  it('practice: many quick calls cannot stop the clock', () => {
    let clock = openClock(newClock(600), T0);
    for (let i = 1; i <= 10; i += 1) clock = tick(clock, practice, T0 + i * 600);
    expect(clock.sisaWaktu).toBe(594);
  });

  it('practice: a long pause costs at most 125 s', () => {
    const clock = tick(openClock(newClock(600), T0), practice, T0 + 3600 * S);
    expect(clock).toMatchObject({ status: 0, sisaWaktu: 600 - 125, lastSeenAt: T0 + 3600 * S });
  });

  it('event: runs on the wall clock from the first opening', () => {
    const opened = openClock(newClock(600), T0);
    expect(serverRemaining(opened, event, T0 + 250 * S)).toBe(350);
    // A lower report is kept and still runs down.
    const reported = { ...tick(opened, event, T0 + 100 * S), sisaWaktu: 300 };
    expect(serverRemaining(reported, event, T0 + 200 * S)).toBe(200);
    // A stored value above the wall clock never wins.
    const tampered = { ...opened, sisaWaktu: 600, lastSeenAt: T0 + 500 * S };
    expect(serverRemaining(tampered, event, T0 + 550 * S)).toBe(50);
  });

  it('closes a subject whose time has run out, at the moment it ran out', () => {
    const opened = openClock(newClock(600), T0);
    expect(tick(opened, event, T0 + 700 * S)).toEqual({
      status: 1,
      sisaWaktu: 0,
      openedAt: T0,
      lastSeenAt: T0 + 600 * S,
    });
    const nearlyDone = { ...opened, sisaWaktu: 100, lastSeenAt: T0 + 1000 * S };
    expect(tick(nearlyDone, practice, T0 + 1110 * S)).toMatchObject({ status: 1, lastSeenAt: T0 + 1100 * S });
  });

  it('leaves a closed clock alone', () => {
    const closed = closeClock(openClock(newClock(600), T0), T0 + 5 * S);
    expect(tick(closed, event, T0 + 9999 * S)).toBe(closed);
  });
});

describe('openClock and closeClock', () => {
  it('opens once', () => {
    const opened = openClock(newClock(60), T0);
    expect(opened).toEqual({ status: 0, sisaWaktu: 60, openedAt: T0, lastSeenAt: T0 });
    expect(openClock(opened, T0 + S)).toBe(opened);
  });
  it('closes with no time left and keeps the first closing moment', () => {
    const closed = closeClock(openClock(newClock(60), T0), T0 + 10 * S);
    expect(closed).toEqual({ status: 1, sisaWaktu: 0, openedAt: T0, lastSeenAt: T0 + 10 * S });
    expect(closeClock(closed, T0 + 99 * S)).toBe(closed);
  });
});

describe('clampReported', () => {
  it('clamps a higher report down and accepts a lower one', () => {
    expect(clampReported(900, 300)).toBe(300);
    expect(clampReported(120, 300)).toBe(120);
    expect(clampReported(120.9, 300)).toBe(120);
    expect(clampReported(-5, 300)).toBe(0);
    expect(clampReported(Number.NaN, 300)).toBe(300);
  });
});

describe('isPastGrace', () => {
  it('accepts answers for 30 s after the end, then refuses', () => {
    const closed = closeClock(openClock(newClock(60), T0), T0 + 60 * S);
    expect(isPastGrace(closed, T0 + 90 * S)).toBe(false);
    expect(isPastGrace(closed, T0 + 91 * S)).toBe(true);
  });
  it('never applies to a running subject', () => {
    expect(isPastGrace(openClock(newClock(60), T0), T0 + 9999 * S)).toBe(false);
  });
});

describe('a practice gap is charged 125 s at most (pinned from both sides)', () => {
  const after = (gap: number) => tick(openClock(newClock(600), T0), practice, T0 + gap * S).sisaWaktu;
  it('charges 124, 125 and 125 s for gaps of 124, 125 and 126 s', () => {
    expect(after(124)).toBe(476);
    expect(after(125)).toBe(475);
    expect(after(126)).toBe(475);
  });
  it('the wall clock charges the whole gap', () => {
    expect(tick(openClock(newClock(600), T0), event, T0 + 126 * S).sisaWaktu).toBe(474);
  });
});

describe('the schedule window', () => {
  const closesAt = T0 + 100 * S;
  const windowed: ClockRules = { wallClock: false, durasi: 600, closesAt };
  it('closes a running clock at the window end, and answers are taken for 30 s after it', () => {
    const closed = tick(openClock(newClock(600), T0), windowed, T0 + 500 * S);
    expect(closed).toEqual({ status: 1, sisaWaktu: 0, openedAt: T0, lastSeenAt: closesAt });
    expect(isPastGrace(closed, closesAt + 30 * S)).toBe(false);
    expect(isPastGrace(closed, closesAt + 31 * S)).toBe(true);
  });
  it('closes an unopened clock too, and keeps it unopened', () => {
    expect(tick(newClock(600), windowed, closesAt)).toEqual({
      status: 1,
      sisaWaktu: 0,
      openedAt: null,
      lastSeenAt: closesAt,
    });
    expect(tick(newClock(600), windowed, closesAt - 1)).toMatchObject({ status: 0, openedAt: null });
  });
  it('is over 30 s after its end: 30 s accepted, 31 s refused', () => {
    expect(isWindowOver(closesAt, closesAt + 30 * S)).toBe(false);
    expect(isWindowOver(closesAt, closesAt + 31 * S)).toBe(true);
    expect(isWindowOver(null, closesAt + 9999 * S)).toBe(false);
  });
});

describe('settleSubjects', () => {
  const rules = (wallClock: boolean): ClockRules => ({ wallClock, durasi: 600, closesAt: null });
  it('event: the next subject opens when the previous one closes, whatever the student does', () => {
    const first = openClock(newClock(600), T0);
    const [a, b, c] = settleSubjects(
      [
        { clock: first, rules: rules(true) },
        { clock: newClock(600), rules: rules(true) },
        { clock: newClock(600), rules: rules(true) },
      ],
      T0 + 1000 * S,
    );
    expect(a).toEqual({ status: 1, sisaWaktu: 0, openedAt: T0, lastSeenAt: T0 + 600 * S });
    expect(b).toEqual({ status: 0, sisaWaktu: 200, openedAt: T0 + 600 * S, lastSeenAt: T0 + 1000 * S });
    expect(c).toEqual({ status: 0, sisaWaktu: 600, openedAt: null, lastSeenAt: null });
  });
  it('practice: the next subject waits for the student to open it', () => {
    const closed = closeClock(openClock(newClock(600), T0), T0 + 10 * S);
    const [, b] = settleSubjects(
      [
        { clock: closed, rules: rules(false) },
        { clock: newClock(600), rules: rules(false) },
      ],
      T0 + 1000 * S,
    );
    expect(b).toEqual({ status: 0, sisaWaktu: 600, openedAt: null, lastSeenAt: null });
  });
});
