/**
 * Whether the `authenticated` cookie is there (its value still has to be decrypted to mean anything). A module of
 * its own, without imports: index.html's first script (features/auth/loginShell.ts) asks it too.
 */
export function hasSessionCookie(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)authenticated=[^;]/.test(document.cookie);
}
