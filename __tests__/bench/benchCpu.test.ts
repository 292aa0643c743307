import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { cpuNow, cpuSince, perRequestUs, postmasterOf } from '../../src/bench/cpu';
import { largestOther, loadBusyCores, machineBusy, parseProcStat } from '../../src/bench/machineCpu';
import { parseStat, processInfo, treeOf, treeUsage, type ProcStat } from '../../src/bench/procfs';
import { closeDb, dialectOf } from '../../src/server/db/createDb';
import { createTestDb } from '../helpers/buildTestApp';

jest.setTimeout(60_000);

describe('a line of /proc/PID/stat', () => {
  it('gives the parent, the CPU ticks with the waited-for children’s, and the resident pages', () => {
    // Fields 3… after a command name holding spaces and parentheses: state, ppid 4100, …, utime 250, stime 40,
    // cutime 7, cstime 3, …, rss 5120 pages.
    const line =
      '4242 (tsx (bench) w) S 4100 4242 4100 0 -1 4194560 9000 0 12 0 250 40 7 3 20 0 11 0 123456 ' +
      '1234567890 5120 18446744073709551615 1 1 0 0 0 0 0 4096 134234626 0 0 0 17 1 0 0 0 0 0';
    expect(parseStat(line)).toEqual({
      command: 'tsx (bench) w',
      parent: 4100,
      cpuTicks: 300,
      ownTicks: 290,
      residentPages: 5120,
    });
  });
});

describe('the machine’s CPU from /proc/stat', () => {
  // user nice system idle iowait irq softirq steal guest guest_nice, summed over two cores.
  const stat = (user: number, idle: number) =>
    [
      `cpu  ${user} 20 300 ${idle} 50 0 30 7 40 0`,
      `cpu0 ${user / 2} 10 150 ${idle / 2} 25 0 15 3 20 0`,
      `cpu1 ${user / 2} 10 150 ${idle / 2} 25 0 15 4 20 0`,
      'intr 123456 0 0',
      'ctxt 987654',
    ].join('\n');

  it('reads the busy and the total ticks of every core from the first line, and counts the cores', () => {
    // Busy: user 1000 + nice 20 + system 300 + irq 0 + softirq 30 (guest 40 is inside user already); total adds
    // idle 5000, iowait 50 and steal 7.
    expect(parseProcStat(stat(1000, 5000))).toEqual({ busy: 1350, total: 6407, cores: 2 });
  });

  it('gives the busy cores between two readings, and the part no watched process spent', () => {
    // 5 s at 100 ticks a second on 2 cores: 1,000 ticks, of which 900 busy (user 1000 → 1900, idle 5000 → 5100):
    // 1.8 cores. The watched processes spent 7,000 ms of CPU in those 5 s: 1.4 cores; 0.4 cores were another's.
    const busy = machineBusy(parseProcStat(stat(1000, 5000)), parseProcStat(stat(1900, 5100)), 7000, 100);
    expect(busy?.busyCores).toBeCloseTo(1.8, 10);
    expect(busy?.otherCores).toBeCloseTo(0.4, 10);
    expect(machineBusy(parseProcStat(stat(1000, 5000)), parseProcStat(stat(1900, 5100)), null, 100)).toEqual({
      busyCores: 1.8,
      otherCores: null,
    });
    // No tick between the readings: nothing to say.
    expect(machineBusy(parseProcStat(stat(1000, 5000)), parseProcStat(stat(1000, 5000)), 0, 100)).toBeNull();
  });

  it('gives the busy cores of the load alone from the counters at its first send and its last answer', () => {
    // 1,000 ticks of two cores, 900 of them busy: 1.8 cores; nothing where a reading is missing.
    expect(loadBusyCores(parseProcStat(stat(1000, 5000)), parseProcStat(stat(1900, 5100)))).toBeCloseTo(
      1.8,
      10,
    );
    expect(loadBusyCores(null, parseProcStat(stat(1900, 5100)))).toBeNull();
    expect(loadBusyCores(parseProcStat(stat(1000, 5000)), parseProcStat(stat(1000, 5000)))).toBeNull();
  });

  it('names the command outside the watched trees whose processes spent the most, by their own time', () => {
    const p = (command: string, parent: number, ownTicks: number, cpuTicks = ownTicks): ProcStat => ({
      command,
      parent,
      cpuTicks,
      ownTicks,
      residentPages: 0,
    });
    // The bench (10) with its generator (11), the postmaster (20) with a backend (21); outside them a shell (30)
    // whose test runner child (31) ended meanwhile, two jest workers (40, 41; 41 new), another cluster's postgres (50).
    const before = new Map([
      [10, p('node', 1, 100)],
      [11, p('node', 10, 50)],
      [20, p('postgres', 1, 10)],
      [21, p('postgres', 20, 10)],
      [30, p('bash', 1, 5)],
      [31, p('node', 30, 40)],
      [40, p('jest', 30, 100)],
      [50, p('postgres', 1, 200)],
      [60, p('kworker/u8:0-events_unbound', 2, 5000)],
    ]);
    const after = new Map([
      [10, p('node', 1, 400)],
      [11, p('node', 10, 900)],
      [20, p('postgres', 1, 20)],
      [21, p('postgres', 20, 600)],
      // The shell waited for its child: 300 ticks of the child's in its cutime, none of its own.
      [30, p('bash', 1, 5, 305)],
      [40, p('jest', 30, 250)],
      [41, p('jest', 30, 80)],
      [50, p('postgres', 1, 260)],
      // A kernel worker renamed by its work item: 10 ticks of its own meanwhile, not its 5,010 since boot.
      [60, p('kworker/u8:0-writeback', 2, 5010)],
    ]);
    // jest: 150 + 80 = 230 ticks in 5 s at 100 a second: 0.46 cores; postgres outside the watched postmaster 60;
    // the watched trees' 1,750 ticks and the shell's children's time are no one's here.
    expect(largestOther(before, after, [10, 20], 5, 100)).toEqual({
      command: 'jest',
      cores: expect.closeTo(0.46, 10),
    });
    expect(largestOther(before, before, [10, 20], 5, 100)).toBeNull();
    // Watching the jest workers' shell too leaves the other cluster's postgres.
    expect(largestOther(before, after, [10, 20, 30], 5, 100)).toEqual({
      command: 'postgres',
      cores: expect.closeTo(0.12, 10),
    });
  });
});

/** A script that burns this much CPU, says "busy", and ends when its standard input closes (its parent ended). */
const burn = (cpuMs: number) =>
  `while (process.cpuUsage().user < ${cpuMs * 1000}); console.log("busy");` +
  'process.stdin.on("end", () => process.exit()); process.stdin.resume();';

/** The lines a stand-in process writes, one at a time. */
async function* linesOf(child: { stdout: Readable }): AsyncGenerator<string> {
  let buffered = '';
  for await (const chunk of child.stdout) {
    buffered += String(chunk);
    for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
      yield buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
    }
  }
}

describe('a process tree', () => {
  it('holds a process and all its descendants, nothing else', () => {
    const stat = (parent: number): ProcStat => ({
      command: 'node',
      parent,
      cpuTicks: 0,
      ownTicks: 0,
      residentPages: 0,
    });
    const table = new Map([
      [1, stat(0)],
      [10, stat(1)],
      [11, stat(1)],
      [100, stat(10)],
      [2, stat(0)],
      [20, stat(2)],
    ]);
    expect(treeOf(1, table).sort((a, b) => a - b)).toEqual([1, 10, 11, 100]);
    expect(treeOf(10, table).sort((a, b) => a - b)).toEqual([10, 100]);
    expect(treeOf(999, table)).toEqual([]);
  });

  it('is charged a child’s CPU time while it runs and after it ended', async () => {
    // Measured on a stand-in parent, not on Jest's process, whose tree changes as other suites' children end.
    const parentScript =
      'const { spawn } = require("node:child_process"); let child;' +
      ' process.stdin.on("data", (line) => {' +
      `   if (String(line).startsWith("go")) { child = spawn(process.execPath, ["-e", ${JSON.stringify(burn(300))}],` +
      '     { stdio: ["pipe", "pipe", "inherit"] }); child.stdout.once("data", () => console.log(child.pid)); }' +
      '   else { child.once("exit", () => console.log("ended")); child.stdin.end(); } });' +
      ' console.log("ready");';
    const parent = spawn(process.execPath, ['-e', parentScript], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = linesOf(parent);
    const parentPid = parent.pid as number;
    try {
      expect((await lines.next()).value).toBe('ready');
      const before = treeUsage(parentPid).cpuMs;
      parent.stdin.write('go\n');
      const childPid = Number((await lines.next()).value);
      expect(processInfo(childPid)?.parent).toBe(parentPid);
      expect(treeUsage(parentPid).cpuMs - before).toBeGreaterThanOrEqual(300);
      // Once ended and waited for, its time is its parent's children's time.
      parent.stdin.write('end\n');
      expect((await lines.next()).value).toBe('ended');
      expect(processInfo(childPid)).toBeNull();
      expect(treeUsage(parentPid).cpuMs - before).toBeGreaterThanOrEqual(300);
    } finally {
      parent.kill();
    }
  });

  it('holds at least this process’s resident memory', () => {
    const own = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]);
    expect(own).toBeGreaterThan(10_000);
    // Pages counted from stat: the same kB as status's VmRSS, give or take what changed in between.
    expect(treeUsage(process.pid).residentKb).toBeGreaterThan(own * 0.9);
  });
});

describe('CPU per request', () => {
  it('charges the server’s tree to the app and the bench’s other processes to the load generator', async () => {
    // A stand-in for the bench process, so that nothing else of Jest's process (an earlier suite's child reaped
    // now) is in the tree. At "go" it starts a server whose worker burns 600 ms, as a cluster worker does, and a
    // load generator that burns 600 ms, and says the server's pid once both are busy.
    const serverScript =
      `const worker = require("node:child_process").spawn(process.execPath, ["-e", ${JSON.stringify(burn(600))}],` +
      ' { stdio: ["pipe", "pipe", "inherit"] });' +
      ' worker.stdout.once("data", () => console.log("busy")); setInterval(() => undefined, 1000);';
    const benchScript =
      'const { spawn } = require("node:child_process");' +
      ' const busy = (script) => new Promise((resolve) => {' +
      '   const child = spawn(process.execPath, ["-e", script], { stdio: ["pipe", "pipe", "inherit"] });' +
      '   child.stdout.once("data", () => resolve(child)); });' +
      ' process.stdin.once("data", async () => {' +
      `   const [server, generator] = await Promise.all([busy(${JSON.stringify(serverScript)}),` +
      `     busy(${JSON.stringify(burn(600))})]);` +
      '   console.log(server.pid);' +
      '   process.stdin.on("end", () => { server.kill(); generator.stdin.end(); process.exit(); }); });' +
      ' console.log("ready");';
    const bench = spawn(process.execPath, ['-e', benchScript], { stdio: ['pipe', 'pipe', 'inherit'] });
    const lines = linesOf(bench);
    try {
      expect((await lines.next()).value).toBe('ready');
      // Sampled before the server exists: its whole CPU time falls within the phase, as the generator's does.
      const before = cpuNow({ server: -1, database: null, bench: bench.pid as number });
      bench.stdin.write('go\n');
      const serverPid = Number((await lines.next()).value);
      const spent = cpuSince({ server: serverPid, database: null, bench: bench.pid as number }, before);
      expect(spent.databaseMs).toBeNull();
      // The server and its worker, start-ups included (a few hundred ms on a loaded machine); the generator too.
      expect(spent.appMs).toBeGreaterThanOrEqual(600);
      expect(spent.generatorMs).toBeGreaterThanOrEqual(600);
      // The generator is not charged the server's time as well (that would be the app's ≥ 600 ms more).
      expect(spent.generatorMs).toBeLessThan(spent.appMs + 600);
    } finally {
      bench.stdin.end();
    }
  });

  it('divides the app’s and the database’s milliseconds by the requests, in microseconds', () => {
    expect(perRequestUs({ appMs: 30, databaseMs: 12, generatorMs: 4 }, 200)).toEqual({
      appUs: 150,
      databaseUs: 60,
      generatorUs: 20,
    });
    expect(perRequestUs({ appMs: 30, databaseMs: null, generatorMs: 0 }, 1)).toEqual({
      appUs: 30_000,
      databaseUs: null,
      generatorUs: 0,
    });
    expect(perRequestUs({ appMs: 30, databaseMs: 12, generatorMs: 4 }, 0)).toBeNull();
  });
});

describe('the database’s processes', () => {
  it('are the postmaster’s tree on a PostgreSQL of this machine, charged its queries; none on SQLite', async () => {
    const db = await createTestDb();
    try {
      const postmaster = await postmasterOf(db);
      if (dialectOf(db) === 'sqlite') {
        expect(postmaster).toBeNull();
        return;
      }
      expect(postmaster).not.toBeNull();
      const before = treeUsage(postmaster as number).cpuMs;
      await sql`SELECT count(*) FROM generate_series(1, 5000000)`.execute(db);
      expect(treeUsage(postmaster as number).cpuMs - before).toBeGreaterThanOrEqual(100);
    } finally {
      await closeDb(db);
    }
  });
});
