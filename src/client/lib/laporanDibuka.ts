/**
 * Opens the problem report form from anywhere (the user menu, an error dialog's button): the form listens, mounted
 * once in the layout. A DOM event, since the dialogs live outside React.
 */
const EVENT = 'siaptes:laporkan-masalah';

export function bukaLaporan(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** Listen for requests to open the form; returns the unsubscribe function. */
export function onBukaLaporan(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
