/**
 * TRUST_PROXY (src/server/lib/trustProxy.ts): a list of proxies is believed exactly as proxy-addr compiles it, also
 * once its verdicts are kept and after they were forgotten; a hop count trusts the nearest hops. Through the app,
 * the client address (here as the request log names it) comes from X-Forwarded-For only via a listed proxy.
 */
import { compile } from '@fastify/proxy-addr';
import { trustProxyOption } from '../../../src/server/lib/trustProxy';
import { buildTestApp } from '../../helpers/buildTestApp';
import { captureLog } from '../../helpers/logCapture';

const LIST = ['127.0.0.1', '10.0.0.0/8', '::1'];
const ADDRESSES = [
  '127.0.0.1',
  '127.0.0.2',
  '10.20.30.40',
  '11.0.0.1',
  '::1',
  '::ffff:10.0.0.5',
  '192.168.1.1',
];

describe('trustProxyOption', () => {
  it('gives proxy-addr’s verdict for every address, asked again, and past the addresses it keeps', () => {
    const expected = compile(LIST);
    const trust = trustProxyOption(LIST) as (address: string, hop: number) => boolean;
    for (const round of [0, 1]) {
      expect([round, ADDRESSES.map((a) => trust(a, 0))]).toEqual([
        round,
        ADDRESSES.map((a) => expected(a, 0)),
      ]);
    }
    for (let i = 0; i < 2500; i++) trust(`172.16.${i >> 8}.${i & 255}`, 0);
    expect(ADDRESSES.map((a) => trust(a, 0))).toEqual(ADDRESSES.map((a) => expected(a, 0)));
    expect(ADDRESSES.map((a) => expected(a, 0))).toEqual([true, false, true, false, true, true, false]);
  });

  it('a hop count trusts the nearest hops only; true and false pass through', () => {
    const trust = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect([0, 1, 2, 3].map((hop) => trust('8.8.8.8', hop))).toEqual([true, true, false, false]);
    expect(trustProxyOption(true)).toBe(true);
    expect(trustProxyOption(false)).toBe(false);
  });
});

it('takes the client from X-Forwarded-For when the request came through a listed proxy, never otherwise', async () => {
  const { stream: logStream, lines } = captureLog();
  const t = await buildTestApp({ logStream, config: { trustProxy: ['127.0.0.1'] } });
  try {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    await t.app.inject({ method: 'GET', url: '/api/tidak/ada', headers, remoteAddress: '127.0.0.1' });
    await t.app.inject({ method: 'GET', url: '/api/tidak/ada', headers, remoteAddress: '198.51.100.7' });
  } finally {
    await t.close();
  }
  expect(lines.map((line) => (JSON.parse(line) as { remoteAddress: string }).remoteAddress)).toEqual([
    '203.0.113.9',
    '198.51.100.7',
  ]);
});
