/** How far a list or a page's data has come. */
export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

/** One page's data, tagged with what it was asked for, so a page opened for another id does not show it. */
export interface Loaded<T> {
  key: string | null;
  data: T | null;
  status: LoadStatus;
}

/** Nothing asked for yet. */
export const notLoaded = <T>(): Loaded<T> => ({ key: null, data: null, status: 'idle' });

/** A reducer step: loading starts for `key`. Data of the same key stays on screen while it reloads; another
 * key's data goes at once. */
export function startLoading<T>(target: Loaded<T>, key: string): void {
  if (target.key !== key) target.data = null;
  target.key = key;
  target.status = 'loading';
}

/** A reducer step: the answer for `key` arrived (`data` null: the page's empty state). A late answer for a key
 * no longer shown is dropped. */
export function finishLoading<T>(target: Loaded<T>, key: string, data: T | null): void {
  if (target.key !== key) return;
  target.data = data;
  target.status = 'loaded';
}

/** A reducer step: the call for `key` failed. */
export function failLoading<T>(target: Loaded<T>, key: string): void {
  if (target.key === key) target.status = 'failed';
}

/** What a page shows for its own key: the data, or nothing while another key's data is in the store. */
export interface PageData<T> {
  data: T | null;
  /** True until an answer for this key has arrived. */
  loading: boolean;
  failed: boolean;
}

export function forKey<T>(loaded: Loaded<T>, key: string): PageData<T> {
  if (loaded.key !== key) return { data: null, loading: true, failed: false };
  return {
    data: loaded.data,
    loading: loaded.status === 'loading' || loaded.status === 'idle',
    failed: loaded.status === 'failed',
  };
}
