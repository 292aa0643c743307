import { useEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Icon } from '../../../components/Icon';
import { externalLinks } from '../../../links';
import { PRODUCT_NAME, text } from '../../../text';
import { holdPassword } from '../../../session/pendingLogin';
import { loginRequested, selectLoginAttempts, selectLoginProcessing } from '../slice';

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
            <div className="mb-3">
              <label htmlFor="username" className="form-label">
                {text.login.username}
              </label>
              <input
                id="username"
                name="username"
                autoComplete="username"
                className={`form-control${usernameMissing ? ' is-invalid' : ''}`}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                aria-invalid={usernameMissing}
                aria-describedby={usernameMissing ? 'username-error' : undefined}
              />
              {usernameMissing && (
                <div id="username-error" className="invalid-feedback d-block">
                  {text.login.usernameRequired}
                </div>
              )}
            </div>
            <div className="mb-4">
              <label htmlFor="password" className="form-label">
                {text.login.password}
              </label>
              <div className="input-group has-validation">
                <input
                  id="password"
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  autoComplete="current-password"
                  className={`form-control${passwordMissing ? ' is-invalid' : ''}`}
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={passwordMissing}
                  aria-describedby={passwordMissing ? 'password-error' : undefined}
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
              {passwordMissing && (
                <div id="password-error" className="invalid-feedback d-block">
                  {text.login.passwordRequired}
                </div>
              )}
            </div>
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
