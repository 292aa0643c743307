/** The SiapTes API contract: every call of the API. */
export * from './common';
export * from './fields';
export * from './auth';
export * from './profile';
export * from './jadwal';
export * from './tryoutPaket';
export * from './tryoutMateri';
export * from './hasil';
export * from './ranking';
export * from './htmlSoal';
export * from './laporan';

import * as auth from './auth';
import * as profile from './profile';
import * as jadwal from './jadwal';
import * as tryoutPaket from './tryoutPaket';
import * as tryoutMateri from './tryoutMateri';
import * as hasil from './hasil';
import * as ranking from './ranking';
import { isCall, type AnyCall } from './common';

/** The calls a feature's module exports, by their export name. */
type CallsOf<M> = { [K in keyof M as M[K] extends AnyCall ? K : never]: M[K] };

function callsOf<M extends object>(module: M): CallsOf<M> {
  return Object.fromEntries(Object.entries(module).filter(([, value]) => isCall(value))) as CallsOf<M>;
}

/** Every call, by feature (handy for the server to check that each one is routed). A call is in by being exported
 * from its feature's module, so none can be left out of this list. */
export const calls = {
  auth: callsOf(auth),
  profile: callsOf(profile),
  jadwal: callsOf(jadwal),
  tryoutPaket: callsOf(tryoutPaket),
  tryoutMateri: callsOf(tryoutMateri),
  hasil: callsOf(hasil),
  ranking: callsOf(ranking),
} as const;

/** Every call as one flat list (30 calls, one per row). */
export const allCalls: AnyCall[] = Object.values(calls).flatMap((group) => Object.values(group));
