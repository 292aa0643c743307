import { nextTask } from '../../../src/client/lib/boot';

describe("the boot's steps, each in a task of its own", () => {
  it('nextTask settles in a later task, not among the microtasks of the one that asked', async () => {
    let settled = false;
    void nextTask().then(() => (settled = true));
    // Every microtask of this task (a chunk's modules, the promises that follow them) runs before it.
    for (let i = 0; i < 100; i += 1) await Promise.resolve();
    expect(settled).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(true);
  });
});
