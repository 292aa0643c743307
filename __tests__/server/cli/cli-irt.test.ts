import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(60_000);

const dir = mkdtempSync(join(tmpdir(), 'siaptes-irt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function runCli(name: string, content: string | null) {
  const file = join(dir, name);
  if (content !== null) writeFileSync(file, content);
  const result = spawnSync('npx', ['tsx', 'src/server/cli/irt.ts', file], {
    cwd: join(__dirname, '..', '..', '..'),
    encoding: 'utf8',
    timeout: 50_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

interface Report {
  kr20: number | null;
  items: { id: string; difficulty: number; se: number | null; infit: number | null; outfit: number | null }[];
  persons: { row: number; theta: number; se: number }[];
}

describe('cli/irt', () => {
  it('prints item difficulties and person abilities as JSON', () => {
    // Item q1 easiest, q4 hardest; row 6 answered nothing, row 7 everything; q5 nobody got right.
    const csv = [
      'q1,q2,q3,q4,q5',
      '1,1,0,0,0',
      '1,0,1,0,',
      '1,1,1,0,0',
      '0,1,0,1,0',
      '1,1,0,,0',
      ',,,,',
      '1,1,1,1,0',
      '1,0,0,0,0',
    ].join('\r\n');
    const { code, stdout, stderr } = runCli('ok.csv', csv);
    expect(stderr.replace(/npm warn.*\n?/g, '')).toBe('');
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.items.map((i) => i.id)).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    const [q1, q2, q3, q4, q5] = report.items;
    expect(q1.difficulty).toBeLessThan(q2.difficulty);
    expect(q2.difficulty).toBeLessThan(q3.difficulty);
    expect(q3.difficulty).toBeLessThan(q4.difficulty);
    expect(Math.abs(q1.difficulty + q2.difficulty + q3.difficulty + q4.difficulty)).toBeLessThan(1e-3);
    expect(q1.se).toBeGreaterThan(0);
    // Nobody answered q5: an extreme but finite difficulty without a standard error.
    expect(q5.se).toBeNull();
    // ...and no fit: it has no estimate to fit against.
    expect(q5.infit).toBeNull();
    expect(q5.outfit).toBeNull();
    expect(q1.infit).toBeGreaterThan(0);
    expect(q5.difficulty).toBeGreaterThanOrEqual(5);
    expect(report.persons.map((p) => p.row)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const theta = report.persons.map((p) => p.theta);
    expect(theta.every(Number.isFinite)).toBe(true);
    expect(theta[5]).toBeLessThan(theta[7]); // 0 right < 1 right
    expect(theta[7]).toBeLessThan(theta[0]); // 1 right < 2 right
    expect(theta[0]).toBeLessThan(theta[2]); // 2 right < 3 right
    expect(theta[2]).toBeLessThan(theta[6]); // 3 right < all four
    expect(theta[0]).toBeCloseTo(theta[1], 6); // same raw score, same θ
  });

  it("prints infit and outfit beside difficulty and a top-level kr20, as R eRm's itemfit computes them", () => {
    // Reference: R 4.2.2 with eRm, RM(X) → person.parameter → itemfit; KR-20 with var() of the row sums. Item e
    // was planted against the others.
    const rows = ['11100', '11001', '10110', '11111', '00000', '11000', '10001', '01100', '11100', '10101'];
    const more = ['11010', '00001', '11110', '10000', '01001', '11100', '11010', '10100', '00101', '11110'];
    const csv = ['a;b;c;d;e', ...[...rows, ...more].map((r) => [...r].join(';'))].join('\n');
    const { code, stdout } = runCli('fit.csv', csv);
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Report;
    expect(report.kr20).toBeCloseTo(0.191, 3);
    const expected = {
      difficulty: [-1.0989, -0.3569, -0.1466, 0.9206, 0.6818],
      infit: [0.7798, 0.839, 0.9145, 0.6863, 1.5002],
      outfit: [0.6285, 0.7844, 0.8547, 0.5928, 1.7603],
    };
    report.items.forEach((item, i) => {
      expect(Object.keys(item)).toEqual(['id', 'difficulty', 'se', 'infit', 'outfit']);
      expect(item.difficulty).toBeCloseTo(expected.difficulty[i], 3);
      expect(item.infit).toBeCloseTo(expected.infit[i], 3);
      expect(item.outfit).toBeCloseTo(expected.outfit[i], 3);
    });
  });

  it('refuses a cell that is not 0/1 with exit code 1 and the line', () => {
    const { code, stdout, stderr } = runCli('bad.csv', 'a,b\n1,0\n1,x\n');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain('Baris 3, kolom 2: "x" bukan 0, 1 atau kosong');
  });

  it('refuses a file without data rows, a duplicated id, and a missing file', () => {
    expect(runCli('header.csv', 'a,b,c\n').stderr).toContain('tidak memiliki baris data');
    expect(runCli('dup.csv', 'a,a\n1,0\n').stderr).toContain('"a" muncul lebih dari sekali');
    const missing = runCli('missing.csv', null);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Tidak dapat membaca');
  });
});
