/** Page-level browser actions, behind functions so sagas can `call` them and tests can `provide` them. */
export function reloadPage(): void {
  window.location.reload();
}

export function goTo(path: string): void {
  window.location.assign(path);
}
