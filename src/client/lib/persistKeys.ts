import { createTransform } from 'redux-persist';

/**
 * A redux-persist transform that stores only `keys` of the slice `sliceName`; on reading, the rest comes from
 * `initialState` (screen state from another page load would be stale).
 */
export function persistKeys<State extends object, const Key extends keyof State>(
  sliceName: string,
  initialState: State,
  keys: readonly Key[],
) {
  return createTransform<State, Pick<State, Key>>(
    (state) => Object.fromEntries(keys.map((key) => [key, state[key]])) as Pick<State, Key>,
    (stored) => ({ ...initialState, ...stored }),
    { whitelist: [sliceName] },
  );
}
