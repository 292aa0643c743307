/**
 * What the Redux DevTools extension's Export button writes, from the actions it holds and its committed state, as
 * the extension does it: its page script serializes both with jsan and the store's `serialize` option (its
 * getSerializeParameter: a replacer without options means options `true`), never with the sanitizers; the monitor
 * writes `JSON.stringify({payload, preloadedState}, null, '\t')`, where `preloadedState` is missing when the store
 * was created without one (the instrument's committedState is then undefined).
 */
import type { DevToolsEnhancerOptions } from '@reduxjs/toolkit';
import jsan from 'jsan';

type Serialize = Exclude<DevToolsEnhancerOptions['serialize'], boolean | undefined>;
interface Serializer {
  replacer?: Serialize['replacer'];
  options?: Serialize['options'];
}

/** The extension's getSerializeParameter (no Immutable support: the app has none). */
function serializerOf(serialize: DevToolsEnhancerOptions['serialize']): Serializer | undefined {
  if (!serialize) return undefined;
  if (serialize === true) return { options: true };
  if (!serialize.replacer && !serialize.reviver) return { options: serialize.options };
  return { replacer: serialize.replacer, options: serialize.options || true };
}

function stringify(value: unknown, serializer: Serializer | undefined): string {
  if (serializer === undefined) return JSON.stringify(value);
  // jsan's types want an object of flags; the extension passes `true` or the store's object through.
  return jsan.stringify(
    value,
    serializer.replacer,
    undefined,
    serializer.options as jsan.Options | boolean | undefined,
  );
}

/** What the extension holds at the moment of Export: the staged actions and the committed state. */
export interface DevtoolsHistory {
  actions: unknown[];
  /** undefined when the store was created without a preloaded state and nothing was committed since. */
  committedState: unknown;
}

/** The text of the file Export writes. */
export function extensionExportFile(history: DevtoolsHistory, options: DevToolsEnhancerOptions): string {
  const serializer = serializerOf(options.serialize);
  return JSON.stringify(
    {
      payload: stringify(history.actions, serializer),
      preloadedState:
        history.committedState === undefined ? undefined : stringify(history.committedState, serializer),
    },
    null,
    '\t',
  );
}
