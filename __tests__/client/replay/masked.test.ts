/**
 * The committed replays are masked as every new export is (README "Support"): no password, session token, phone,
 * parent's phone, address or e-mail of any demo student in them, each value a `<<disamarkan>>` instead.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { demoStudents } from '../../helpers/clientFixtures';

const REPLAYS = path.resolve(__dirname, '../replays');
const PERSONAL = [
  'tryout123',
  ...Object.values(demoStudents).flatMap((student) => [
    student.no_telp,
    student.no_telp_ortu,
    student.alamat,
    student.email,
  ]),
];

it.each(readdirSync(REPLAYS).filter((file) => file.endsWith('.json')))(
  '%s holds no personal data',
  (file) => {
    const text = readFileSync(path.join(REPLAYS, file), 'utf8');
    expect(PERSONAL.filter((value) => text.includes(value))).toEqual([]);
  },
);
