import type { API_BASE, AnyCall, PathArgs } from '../../contract';

/**
 * The client keeps its own copy of each call's path, typed as the contract's path literal (`PathOf<typeof
 * someCall>`), so a changed path breaks the compiler while the contract's runtime schemas (TypeBox) stay out of
 * the bundle.
 */
export type PathOf<C extends AnyCall> = C['path'];

export const API_BASE_URL: typeof API_BASE = '/api';

/** Fill the `:param` segments of a contract path (URI-encoded), as the contract's `buildPath` does. */
export function fillPath<C extends AnyCall>(path: PathOf<C>, params: PathArgs<C>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined || String(value) === '')
      throw new Error(`fillPath: missing "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}
