import type { Action, DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import { CONTACT_FIELDS, isMasked, MASK } from '../lib/personalData';

/**
 * Redux DevTools stays on in production (support staff debug live sessions), so what it shows and exports is
 * masked. Secrets never reach it: the session key and the password live in the session module, never in the
 * store or an action. Contact data does (the profile): the extension's Export applies none of the sanitizers, only
 * `serialize.replacer`, so the replacer masks every credential and contact field by name in everything the
 * extension writes (export, live monitor); the sanitizers mask the known places again for the monitor.
 */

const under = (prefix: string) => CONTACT_FIELDS.map((field) => `${prefix}.${field}`);

/** Paths of the state that hold personal data. */
export const STATE_PATHS = under('profile.profilUser');

/** Paths of each action's personal data, by action type. */
export const ACTION_PATHS: Record<string, string[]> = {
  'auth/loginSucceeded': under('payload.user'),
  'profile/profileLoaded': under('payload'),
  'persist/REHYDRATE': under('payload.profile.profilUser'),
};

/** A copy of `value` with the value at each dotted path replaced by MASK (absent paths are left alone). */
export function maskPaths<T>(value: T, paths: readonly string[]): T {
  let result: unknown = value;
  for (const path of paths) result = maskPath(result, path.split('.'));
  return result as T;
}

function maskPath(value: unknown, keys: string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const [key, ...rest] = keys;
  const record = value as Record<string, unknown>;
  if (!(key in record) || record[key] === null || record[key] === undefined) return value;
  return { ...record, [key]: rest.length === 0 ? MASK : maskPath(record[key], rest) };
}

export function actionSanitizer<A extends Action>(action: A): A {
  const paths = ACTION_PATHS[action.type];
  return paths ? maskPaths(action, paths) : action;
}

export function stateSanitizer<S>(state: S): S {
  return maskPaths(state, STATE_PATHS);
}

/**
 * The extension's serializer is jsan, called with this replacer at every key (array indexes included, as numbers;
 * the root as ''). Credentials and contact data become MASK; nothing else changes.
 */
export function exportReplacer(key: string | number, value: unknown): unknown {
  return isMasked(key, value) ? MASK : value;
}

type SerializeOptions = Exclude<DevToolsEnhancerOptions['serialize'], boolean | undefined>['options'];

/**
 * jsan's `refs: false` (missing from RTK's type): an object met twice is written twice, as JSON.stringify does,
 * not as a `$jsan` reference that a plain JSON reader (the QA replay) cannot follow; `undefined` is left out.
 */
const PLAIN_JSON = { refs: false } as SerializeOptions;

/** The per-second tick of a running clock: 91 of 98 actions on a sheet; DevTools hides it from the history. */
export const DENIED_ACTIONS = ['^run/clockTicked$'];

/**
 * Redux DevTools' options. `maxAge` counts the actions DevTools keeps (its default, 50, covers under a minute of a
 * sheet); denied actions do not count, so a whole subject (answers, saves, syncs, dialogs) fits.
 */
export const devToolsOptions: DevToolsEnhancerOptions = {
  name: 'SiapTes',
  stateSanitizer,
  actionSanitizer,
  actionsDenylist: DENIED_ACTIONS,
  maxAge: 2000,
  serialize: { replacer: exportReplacer, options: PLAIN_JSON },
};
