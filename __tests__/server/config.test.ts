import { availableParallelism } from 'node:os';
import { ConfigError, defaultWorkers, loadConfig } from '../../src/server/config';

describe('WORKERS and DB_POOL_SIZE', () => {
  const sqlite = { DATABASE_URL: 'file:data/x.db' };
  const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/siaptes' };

  it('runs one process on SQLite and one per core but one on a PostgreSQL here unless told otherwise', () => {
    expect(loadConfig(sqlite).workers).toBe(1);
    expect(loadConfig(postgres).workers).toBe(Math.max(1, availableParallelism() - 1));
    expect(loadConfig({ ...postgres, WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...sqlite, WORKERS: '2' }).workers).toBe(2);
  });

  it('leaves one core to a PostgreSQL on this machine, and takes every core for one elsewhere', () => {
    const here = [
      'postgres://postgres@127.0.0.1:5432/siaptes',
      'postgresql://u:p@localhost/siaptes',
      'postgres://u@[::1]:5432/siaptes',
      'postgres:///siaptes?host=/var/run/postgresql',
      'postgres://u@db.example.id/siaptes?host=/run/postgresql',
    ];
    for (const url of here) {
      expect([defaultWorkers(url, 1), defaultWorkers(url, 2), defaultWorkers(url, 8)]).toEqual([1, 1, 7]);
    }
    for (const url of ['postgres://u@10.0.0.5:5432/siaptes', 'postgres://u@db.example.id/siaptes']) {
      expect([defaultWorkers(url, 1), defaultWorkers(url, 2), defaultWorkers(url, 8)]).toEqual([1, 2, 8]);
    }
    expect(defaultWorkers('file:data/x.db', 8)).toBe(1);
  });

  it('gives each process a pool of 10 connections unless told otherwise', () => {
    expect(loadConfig(postgres).dbPoolSize).toBe(10);
    expect(loadConfig({ ...postgres, DB_POOL_SIZE: '4' }).dbPoolSize).toBe(4);
  });

  it('refuses a count that is not a whole number from 1', () => {
    for (const WORKERS of ['0', '-1', '1.5', 'dua', '257']) {
      expect(() => loadConfig({ ...sqlite, WORKERS })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...sqlite, WORKERS: '0' })).toThrow(
      'WORKERS harus bilangan bulat 1..256, bukan "0"',
    );
    expect(loadConfig({ ...sqlite, WORKERS: '256' }).workers).toBe(256);
    expect(() => loadConfig({ ...postgres, DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
  });
});

describe('TRUSTED_NETWORKS', () => {
  it('is empty by default and reads a comma-separated list of CIDR networks and addresses', () => {
    expect(loadConfig({}).trustedNetworks).toEqual([]);
    expect(
      loadConfig({ TRUSTED_NETWORKS: ' 10.20.0.0/16, 192.168.1.7 ,2001:db8::/32' }).trustedNetworks,
    ).toEqual(['10.20.0.0/16', '192.168.1.7', '2001:db8::/32']);
  });

  it('refuses an entry that is no network, naming it', () => {
    expect(() => loadConfig({ TRUSTED_NETWORKS: '10.0.0.0/8,sekolah' })).toThrow(
      'TRUSTED_NETWORKS: "sekolah" bukan alamat atau jaringan CIDR (mis. 10.0.0.0/8, 2001:db8::/32)',
    );
    for (const TRUSTED_NETWORKS of ['10.0.0.0/33', '300.1.1.1', '10.0.0/8x']) {
      expect(() => loadConfig({ TRUSTED_NETWORKS })).toThrow(ConfigError);
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('is none when unset, kept when 16 characters or more, and refused shorter or with spaces', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '  ' }).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'a'.repeat(15) })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_TOKEN: 'abcdefgh ijklmnop' })).toThrow(/METRICS_TOKEN/);
  });
});

describe('SHED_QUEUE_DEPTH', () => {
  it('is 100 waiting works unless set, 0 turns it off, and a negative or odd value stops the server', () => {
    expect(loadConfig({}).shedQueueDepth).toBe(100);
    expect(loadConfig({ SHED_QUEUE_DEPTH: '0' }).shedQueueDepth).toBe(0);
    expect(loadConfig({ SHED_QUEUE_DEPTH: '40' }).shedQueueDepth).toBe(40);
    expect(() => loadConfig({ SHED_QUEUE_DEPTH: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHED_QUEUE_DEPTH: 'banyak' })).toThrow(/SHED_QUEUE_DEPTH/);
  });
});

describe('SHED_MAX_IN_FLIGHT', () => {
  it('is 1024 calls in flight unless set, 0 turns it off, and a negative or odd value stops the server', () => {
    expect(loadConfig({}).shedMaxInFlight).toBe(1024);
    expect(loadConfig({ SHED_MAX_IN_FLIGHT: '0' }).shedMaxInFlight).toBe(0);
    expect(loadConfig({ SHED_MAX_IN_FLIGHT: '256' }).shedMaxInFlight).toBe(256);
    expect(() => loadConfig({ SHED_MAX_IN_FLIGHT: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHED_MAX_IN_FLIGHT: 'banyak' })).toThrow(/SHED_MAX_IN_FLIGHT/);
  });
});

describe('SHED_SAVE_TARGET_MS', () => {
  it('is 50 ms unless set, 0 turns it off, and a negative or odd value stops the server', () => {
    expect(loadConfig({}).shedSaveTargetMs).toBe(50);
    expect(loadConfig({ SHED_SAVE_TARGET_MS: '0' }).shedSaveTargetMs).toBe(0);
    expect(loadConfig({ SHED_SAVE_TARGET_MS: '80' }).shedSaveTargetMs).toBe(80);
    expect(() => loadConfig({ SHED_SAVE_TARGET_MS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHED_SAVE_TARGET_MS: 'banyak' })).toThrow(/SHED_SAVE_TARGET_MS/);
  });
});

describe('SHED_EVENT_LOOP_DELAY_MS', () => {
  it('is 500 ms unless set, 0 turns shedding off, and a negative or odd value stops the server', () => {
    expect(loadConfig({}).shedEventLoopDelayMs).toBe(500);
    expect(loadConfig({ SHED_EVENT_LOOP_DELAY_MS: '0' }).shedEventLoopDelayMs).toBe(0);
    expect(loadConfig({ SHED_EVENT_LOOP_DELAY_MS: '250' }).shedEventLoopDelayMs).toBe(250);
    expect(() => loadConfig({ SHED_EVENT_LOOP_DELAY_MS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHED_EVENT_LOOP_DELAY_MS: 'cepat' })).toThrow(/SHED_EVENT_LOOP_DELAY_MS/);
  });
});

describe('DATABASE_POOLER and DATABASE_LISTEN_URL', () => {
  const direct = 'postgres://postgres@127.0.0.1:5432/siaptes';
  const bouncer = 'postgres://postgres@127.0.0.1:6432/siaptes';

  it('listens on DATABASE_URL itself without a pooler, and on nothing behind one unless given a URL', () => {
    expect(loadConfig({ DATABASE_URL: direct })).toMatchObject({
      databasePooler: 'none',
      databaseListenUrl: direct,
    });
    expect(loadConfig({ DATABASE_URL: bouncer, DATABASE_POOLER: 'transaction' })).toMatchObject({
      databasePooler: 'transaction',
      databaseListenUrl: null,
    });
    expect(
      loadConfig({ DATABASE_URL: bouncer, DATABASE_POOLER: 'transaction', DATABASE_LISTEN_URL: direct })
        .databaseListenUrl,
    ).toBe(direct);
    expect(loadConfig({ DATABASE_URL: 'file:data/x.db' }).databaseListenUrl).toBeNull();
  });

  it('refuses another pooler mode and a listen URL that is not PostgreSQL', () => {
    expect(() => loadConfig({ DATABASE_URL: bouncer, DATABASE_POOLER: 'session' })).toThrow(
      'DATABASE_POOLER harus none atau transaction, bukan "session"',
    );
    expect(() => loadConfig({ DATABASE_URL: bouncer, DATABASE_LISTEN_URL: 'file:x.db' })).toThrow(
      'DATABASE_LISTEN_URL harus diawali postgres://, bukan "file:x.db"',
    );
  });
});
