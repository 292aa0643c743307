/**
 * Registering the offline service worker: the hourly update check, where the browser gives no registration
 * (workers blocked, as in Playwright contexts and some privacy modes) nothing throws into the page, and the
 * "Versi baru" notice when a new version's worker takes over the page (before or after the registration).
 * The whole deploy in Chromium: __tests__/e2e/versiBaru.e2e.test.ts.
 */
import { screen } from '@testing-library/react';
import { registerServiceWorker } from '../../../src/client/app/serviceWorker';

type Worker = { scriptURL: string };

function fakeServiceWorker(registration: unknown, controller: Worker | null = null) {
  const register = jest.fn(() => Promise.resolve(registration));
  const listeners: (() => void)[] = [];
  const container = {
    controller,
    addEventListener: jest.fn((_type: string, listener: () => void) => listeners.push(listener)),
    register,
  };
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  /** A new worker takes over the page (clientsClaim). */
  const takeOver = (worker: Worker) => {
    container.controller = worker;
    for (const listener of listeners) listener();
  };
  return { register, takeOver };
}

afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  document.querySelector('.update-notice')?.remove();
});

const notice = () => screen.queryByRole('status');
const oldWorker = { scriptURL: '/sw.js' };
const newWorker = { scriptURL: '/sw.js' };

describe('the "Versi baru" notice', () => {
  // "Muat ulang" itself (a reload, which jsdom cannot do) is the e2e journey's.
  it('shows when a new worker took over before the registration ran', () => {
    const { register } = fakeServiceWorker({ update: jest.fn() }, newWorker);
    registerServiceWorker(oldWorker as unknown as ServiceWorker);
    expect(notice()?.textContent).toContain('Versi baru SiapTes sudah terpasang.');
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeTruthy();
    expect(register).toHaveBeenCalledWith('/sw.js');
  });

  it('shows when a new worker takes over later, once', () => {
    const { takeOver } = fakeServiceWorker({ update: jest.fn() }, oldWorker);
    registerServiceWorker(oldWorker as unknown as ServiceWorker);
    expect(notice()).toBeNull();
    takeOver(newWorker);
    takeOver({ scriptURL: '/sw.js' });
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Muat ulang' })).toBeTruthy();
  });

  it('does not show for the first worker of a page that had none', () => {
    const { takeOver } = fakeServiceWorker({ update: jest.fn() }, null);
    registerServiceWorker(null);
    takeOver(newWorker);
    expect(notice()).toBeNull();
  });
});

it('checks for a new version every hour when a worker is registered', async () => {
  jest.useFakeTimers();
  const update = jest.fn(() => Promise.resolve());
  fakeServiceWorker({ update });
  registerServiceWorker(null);
  await Promise.resolve();
  await Promise.resolve();
  jest.advanceTimersByTime(60 * 60 * 1000 - 1);
  expect(update).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(update).toHaveBeenCalledTimes(1);
});

it('does nothing later when the browser blocks workers and gives no registration', async () => {
  jest.useFakeTimers();
  const { register } = fakeServiceWorker(undefined);
  registerServiceWorker(null);
  await Promise.resolve();
  await Promise.resolve();
  expect(register).toHaveBeenCalledWith('/sw.js');
  expect(() => jest.advanceTimersByTime(3 * 60 * 60 * 1000)).not.toThrow();
});
