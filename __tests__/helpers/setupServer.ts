// Server suites hash many passwords: a low scrypt cost keeps them fast. The default (2^17) is pinned in
// __tests__/server/password.test.ts, and SCRYPT_N set by the caller wins.
process.env.SCRYPT_N ??= String(2 ** 10);
