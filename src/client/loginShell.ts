/**
 * The first script of index.html (an entry of its own, a few hundred bytes): shows the static login page on
 * /login or removes it (features/auth/loginShell.ts).
 */
import { showLoginShell } from './features/auth/loginShell';

showLoginShell();
