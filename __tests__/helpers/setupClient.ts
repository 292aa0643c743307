import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom has no TextEncoder; react-router 7 needs it at import time.
if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}

// A suite may ask for the node environment (`@jest-environment node`, e.g. the lint test): no DOM to prepare.
const hasDom = typeof window !== 'undefined';

// jsdom lacks these; react-bootstrap's overlays and scroll restoration call them.
if (hasDom && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (hasDom) window.scrollTo = () => undefined;

// The pages are lazy modules that ts-jest compiles on first import: whichever test of a file (in random order)
// renders one first pays that, over a second on a busy machine. A wait that is met returns at once all the same.
configure({ asyncUtilTimeout: 8000 });

/** Every test starts logged out with empty storage: the session lives in cookies, persisted slices in localStorage. */
afterEach(() => {
  if (!hasDom) return;
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  window.localStorage.clear();
});
