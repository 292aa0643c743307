/**
 * The login screen as it looks, without its state: LoginPage gives it the state, and the build renders it once to
 * static HTML (src/build/loginShell.tsx), the page index.html shows on /login before the JavaScript has arrived.
 */
import type { ChangeEvent, FormEvent, ReactNode } from 'react';
import { Icon } from '../../../components/Icon';
import { externalLinks } from '../../../links';
import { PRODUCT_NAME, text } from '../../../text';

/** The login form's two fields, each labelled `text.login[id]` and, when missing, `text.login[id + 'Required']`. */
type LoginFieldId = 'username' | 'password';

/** The props of a login field's input: named by its id, marked invalid (and pointing at its message) when missing. */
function fieldInput(id: LoginFieldId, value: string, setValue: (value: string) => void, missing: boolean) {
  return {
    id,
    name: id,
    className: `form-control${missing ? ' is-invalid' : ''}`,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(event.target.value),
    'aria-invalid': missing,
    'aria-describedby': missing ? `${id}-error` : undefined,
  };
}

/** A required field of the login form: its label, its input (`children`) and, when it is missing, the message. */
function RequiredField(props: {
  id: LoginFieldId;
  missing: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="form-label">
        {text.login[props.id]}
      </label>
      {props.children}
      {props.missing && (
        <div id={`${props.id}-error`} className="invalid-feedback d-block">
          {text.login[`${props.id}Required`]}
        </div>
      )}
    </div>
  );
}

interface LoginViewProps {
  username: string;
  password: string;
  showPassword: boolean;
  usernameMissing: boolean;
  passwordMissing: boolean;
  processing: boolean;
  /**
   * The static copy of the build: its button is disabled, so that Enter in a field submits nothing (a form without
   * its script would send the password in the address) until the page takes over.
   */
  inert?: boolean;
  setUsername(value: string): void;
  setPassword(value: string): void;
  toggleShowPassword(): void;
  submit(event: FormEvent<HTMLFormElement>): void;
}

/** Login screen: logo, title, the two fields with their messages, "Masuk" and the sign-up link. */
export function LoginView(props: LoginViewProps) {
  const { username, password, showPassword, usernameMissing, passwordMissing, processing } = props;
  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center bg-body-tertiary p-3">
      <div className="card shadow-sm w-100" style={{ maxWidth: 420 }}>
        <div className="card-body p-4">
          <img src="/logo.svg" alt={PRODUCT_NAME} height={40} width={160} className="d-block mx-auto mb-3" />
          <h1 className="h4 text-center mb-1">{text.login.title}</h1>
          <p className="text-center text-body-secondary mb-4">{text.login.subtitle}</p>
          <form onSubmit={props.submit} noValidate>
            <RequiredField id="username" missing={usernameMissing} className="mb-3">
              <input
                {...fieldInput('username', username, props.setUsername, usernameMissing)}
                autoComplete="username"
              />
            </RequiredField>
            <RequiredField id="password" missing={passwordMissing} className="mb-4">
              <div className="input-group has-validation">
                <input
                  {...fieldInput('password', password, props.setPassword, passwordMissing)}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                />
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={props.toggleShowPassword}
                  aria-pressed={showPassword}
                  aria-label={showPassword ? text.login.hidePassword : text.login.showPassword}
                >
                  <Icon name={showPassword ? 'eyeOff' : 'eye'} size={20} />
                </button>
              </div>
            </RequiredField>
            <button type="submit" className="btn btn-primary w-100" disabled={processing || props.inert}>
              {processing ? (
                <>
                  <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  {text.common.processing}
                </>
              ) : (
                text.login.signIn
              )}
            </button>
          </form>
          <p className="text-center mt-4 mb-0">
            {text.login.noAccount}{' '}
            <a href={externalLinks.signUp} target="_blank" rel="noopener noreferrer">
              {text.login.signUp}
            </a>
          </p>
        </div>
      </div>
    </main>
  );
}
