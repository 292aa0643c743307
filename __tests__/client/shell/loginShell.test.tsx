/**
 * index.html's static copy of the login page (features/auth/loginShell.ts): shown only where the app will show the
 * login page, and taken over by it with what was typed and the focus.
 */
import { screen } from '@testing-library/react';
import LoginPage from '../../../src/client/features/auth/pages/LoginPage';
import { showLoginShell } from '../../../src/client/features/auth/loginShell';
import { renderWithProviders } from '../../helpers/renderWithProviders';

/** The static page as index.html has it (hidden), with the app's root after it. */
function addShell(): HTMLElement {
  document.body.innerHTML =
    '<div id="login-shell" hidden><main><h1>Masuk ke SiapTes</h1>' +
    '<input id="username" /><input id="password" type="password" /></main></div><div id="root"></div>';
  return document.getElementById('login-shell') as HTMLElement;
}

afterEach(() => {
  document.cookie = 'authenticated=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  window.history.replaceState(null, '', '/');
  document.body.innerHTML = '';
});

describe('the static login page', () => {
  it('shows on /login without a session', () => {
    window.history.replaceState(null, '', '/login');
    const shell = addShell();
    showLoginShell();
    expect(shell.hidden).toBe(false);
    expect(shell.isConnected).toBe(true);
  });

  it('goes on /login with a session (the app goes on to the dashboard) and on any other page', () => {
    document.cookie = 'authenticated=U2FsdGVkX1; path=/';
    window.history.replaceState(null, '', '/login');
    addShell();
    showLoginShell();
    expect(document.getElementById('login-shell')).toBeNull();

    document.cookie = 'authenticated=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    window.history.replaceState(null, '', '/home');
    addShell();
    showLoginShell();
    expect(document.getElementById('login-shell')).toBeNull();
  });

  it('is replaced by the login page, which keeps what was typed and where the cursor was', () => {
    window.history.replaceState(null, '', '/login');
    const shell = addShell();
    showLoginShell();
    (shell.querySelector('#username') as HTMLInputElement).value = 'reguler';
    const password = shell.querySelector('#password') as HTMLInputElement;
    password.value = 'tryout1';
    password.focus();

    renderWithProviders(<LoginPage />, { route: '/login', runSaga: false });
    expect(document.getElementById('login-shell')).toBeNull();
    expect(screen.getByLabelText('Username')).toHaveValue('reguler');
    expect(screen.getByLabelText('Password')).toHaveValue('tryout1');
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(screen.getAllByRole('heading', { name: 'Masuk ke SiapTes' })).toHaveLength(1);
  });
});
