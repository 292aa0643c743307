/**
 * Registering the offline service worker where the browser gives no registration (workers blocked, as in
 * Playwright contexts and some privacy modes): the hourly update check must not throw into the page.
 */
import { registerServiceWorker } from '../../../src/client/app/serviceWorker';

function fakeServiceWorker(registration: unknown) {
  const register = jest.fn(() => Promise.resolve(registration));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller: null, addEventListener: jest.fn(), register },
  });
  return register;
}

afterEach(() => {
  jest.useRealTimers();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

it('checks for a new version every hour when a worker is registered', async () => {
  jest.useFakeTimers();
  const update = jest.fn(() => Promise.resolve());
  fakeServiceWorker({ update });
  registerServiceWorker();
  await Promise.resolve();
  await Promise.resolve();
  jest.advanceTimersByTime(60 * 60 * 1000 - 1);
  expect(update).not.toHaveBeenCalled();
  jest.advanceTimersByTime(1);
  expect(update).toHaveBeenCalledTimes(1);
});

it('does nothing later when the browser blocks workers and gives no registration', async () => {
  jest.useFakeTimers();
  const register = fakeServiceWorker(undefined);
  registerServiceWorker();
  await Promise.resolve();
  await Promise.resolve();
  expect(register).toHaveBeenCalledWith('/sw.js');
  expect(() => jest.advanceTimersByTime(3 * 60 * 60 * 1000)).not.toThrow();
});
