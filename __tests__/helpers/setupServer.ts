// Server suites hash many passwords: a low scrypt cost keeps them fast. The default (2^17) is pinned in
// __tests__/server/lib/password.test.ts, and SCRYPT_N set by the caller wins.
process.env.SCRYPT_N ??= String(2 ** 10);
// Jest compiles modules on the event loop, holding it for seconds at a time: load shedding would refuse the suites'
// own requests. __tests__/server/plugins/loadShedding.test.ts turns it on for itself.
process.env.SHED_EVENT_LOOP_DELAY_MS ??= '0';
