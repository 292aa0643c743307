/** Page-level browser actions, behind functions so sagas can `call` them and tests can `provide` them. */
export function reloadPage(): void {
  window.location.reload();
}
