import { Gate, GateFullError } from '../../../src/server/lib/gate';

describe('Gate', () => {
  it('lets `capacity` in at once and the others in arrival order as places are left', async () => {
    const gate = new Gate(2);
    const entered: string[] = [];
    const enter = (name: string) =>
      gate.enter().then((leave) => {
        entered.push(name);
        return leave;
      });
    const leaveA = await enter('a');
    const leaveB = await enter('b');
    const c = enter('c');
    const d = enter('d');
    await Promise.resolve();
    expect(entered).toEqual(['a', 'b']);
    expect(gate.state).toEqual({ holders: 2, waiting: 2 });

    leaveB();
    const leaveC = await c;
    expect(entered).toEqual(['a', 'b', 'c']);
    leaveB(); // a second call changes nothing
    expect(gate.state).toEqual({ holders: 2, waiting: 1 });

    leaveA();
    const leaveD = await d;
    leaveC();
    leaveD();
    expect(entered).toEqual(['a', 'b', 'c', 'd']);
    expect(gate.state).toEqual({ holders: 0, waiting: 0 });
  });

  it('drops a waiter whose request was abandoned, without taking a place', async () => {
    const gate = new Gate(1);
    const leave = await gate.enter();
    const controller = new AbortController();
    const abandoned = gate.enter(controller.signal);
    const next = gate.enter();
    controller.abort();
    await expect(abandoned).rejects.toMatchObject({ name: 'AbortError' });
    expect(gate.state).toEqual({ holders: 1, waiting: 1 });
    leave();
    (await next)();
    expect(gate.state).toEqual({ holders: 0, waiting: 0 });
    await expect(gate.enter(controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses at once one more than `maxWaiting` waiting, and takes one again when the line moves', async () => {
    const gate = new Gate(1, { maxWaiting: 2 });
    const leave = await gate.enter();
    const second = gate.enter();
    const third = gate.enter();
    const refused = gate.enter().catch((error: unknown) => error);
    expect(gate.state).toEqual({ holders: 1, waiting: 2 });
    expect(await refused).toBeInstanceOf(GateFullError);
    leave();
    const leaveSecond = await second;
    const fourth = gate.enter();
    expect(gate.state).toEqual({ holders: 1, waiting: 2 });
    leaveSecond();
    (await third)();
    (await fourth)();
    expect(gate.state).toEqual({ holders: 0, waiting: 0 });
  });

  it('refuses a capacity below one', () => {
    expect(() => new Gate(0)).toThrow();
    expect(new Gate(1).state).toEqual({ holders: 0, waiting: 0 });
  });
});
