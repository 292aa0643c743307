/**
 * The static copy of the login page in index.html (rendered by the build from LoginView, src/build/loginShell.tsx):
 * on a slow phone the student sees the page, and can type, while the JavaScript is still on its way. It is hidden
 * in the HTML; the small script of index.html shows it on /login without a session (`showLoginShell`) and removes
 * it anywhere else; LoginPage takes it over (`takeOverLoginShell`). While it shows, the app's root is hidden
 * (styles.css), so the spinners of the boot never appear beside it.
 */
import { hasSessionCookie } from '../../session/sessionCookie';

const LOGIN_SHELL_ID = 'login-shell';

/** The login route as the app's router matches it. */
const LOGIN_PATH = /^\/login\/?$/;

/** The script of index.html: show the static page where the app will show the login page, else remove it. */
export function showLoginShell(): void {
  const shell = document.getElementById(LOGIN_SHELL_ID);
  if (!shell) return;
  if (LOGIN_PATH.test(window.location.pathname) && !hasSessionCookie()) shell.hidden = false;
  else shell.remove();
}

/** Whether the static page shows (index.html's script found this the login page and no session). */
export function loginShellShown(): boolean {
  const shell = document.getElementById(LOGIN_SHELL_ID);
  return shell !== null && !shell.hidden;
}

/** What was typed into the static page. */
interface TypedIntoShell {
  username: string;
  password: string;
}

/**
 * Removes the static page (the app's own page then shows in its place) and returns what was typed into it, with
 * the focus moved to the same field of the app's page; null when it was not shown.
 */
export function takeOverLoginShell(): TypedIntoShell | null {
  const shell = document.getElementById(LOGIN_SHELL_ID);
  if (!shell) return null;
  const shown = !shell.hidden;
  const field = (id: string) => shell.querySelector<HTMLInputElement>(`#${id}`);
  const typed = { username: field('username')?.value ?? '', password: field('password')?.value ?? '' };
  const focused = shell.contains(document.activeElement) ? document.activeElement?.id : undefined;
  shell.remove();
  if (!shown) return null;
  if (focused) document.getElementById(focused)?.focus();
  return typed;
}
