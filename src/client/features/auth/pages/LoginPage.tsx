import { useEffect, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Icon } from '../../../components/Icon';
import { externalLinks } from '../../../links';
import { PRODUCT_NAME, text } from '../../../text';
import { holdPassword } from '../../../session/pendingLogin';
import { loginRequested, selectLoginAttempts, selectLoginProcessing } from '../slice';

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

/** Login screen, with its field validation. */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const processing = useAppSelector(selectLoginProcessing);
  const attempts = useAppSelector(selectLoginAttempts);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  // The fields are cleared after every answer, success or not.
  useEffect(() => {
    if (attempts === 0) return;
    setUsername('');
    setPassword('');
    setSubmitted(false);
  }, [attempts]);

  const usernameMissing = submitted && username.trim() === '';
  const passwordMissing = submitted && password === '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (processing || username.trim() === '' || password === '') return;
    holdPassword(password);
    dispatch(loginRequested({ username: username.trim() }));
  };

  return (
    <main className="min-vh-100 d-flex align-items-center justify-content-center bg-body-tertiary p-3">
      <div className="card shadow-sm w-100" style={{ maxWidth: 420 }}>
        <div className="card-body p-4">
          <img src="/logo.svg" alt={PRODUCT_NAME} height={40} width={160} className="d-block mx-auto mb-3" />
          <h1 className="h4 text-center mb-1">{text.login.title}</h1>
          <p className="text-center text-body-secondary mb-4">{text.login.subtitle}</p>
          <form onSubmit={submit} noValidate>
            <RequiredField id="username" missing={usernameMissing} className="mb-3">
              <input
                {...fieldInput('username', username, setUsername, usernameMissing)}
                autoComplete="username"
              />
            </RequiredField>
            <RequiredField id="password" missing={passwordMissing} className="mb-4">
              <div className="input-group has-validation">
                <input
                  {...fieldInput('password', password, setPassword, passwordMissing)}
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                />
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  onClick={() => setShowPassword((shown) => !shown)}
                  aria-pressed={showPassword}
                  aria-label={showPassword ? text.login.hidePassword : text.login.showPassword}
                >
                  <Icon name={showPassword ? 'eyeOff' : 'eye'} size={20} />
                </button>
              </div>
            </RequiredField>
            <button type="submit" className="btn btn-primary w-100" disabled={processing}>
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
