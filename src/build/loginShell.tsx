/**
 * The static copy of the login page for index.html (features/auth/loginShell.ts): LoginView rendered once at build
 * time with empty fields and its button disabled (Enter submits nothing before the app takes over).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { LoginView } from '../client/features/auth/pages/LoginView';

const nothing = () => undefined;

export function loginShellHtml(): string {
  return renderToStaticMarkup(
    <LoginView
      username=""
      password=""
      showPassword={false}
      usernameMissing={false}
      passwordMissing={false}
      processing={false}
      inert
      setUsername={nothing}
      setPassword={nothing}
      toggleShowPassword={nothing}
      submit={nothing}
    />,
  );
}
