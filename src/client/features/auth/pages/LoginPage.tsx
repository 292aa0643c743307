import { useEffect, useLayoutEffect, useState, type FormEvent } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { holdPassword } from '../../../session/pendingLogin';
import { takeOverLoginShell } from '../loginShell';
import { loginRequested, selectLoginAttempts, selectLoginProcessing } from '../slice';
import { LoginView } from './LoginView';

/** Login screen, with its field validation. */
export default function LoginPage() {
  const dispatch = useAppDispatch();
  const processing = useAppSelector(selectLoginProcessing);
  const attempts = useAppSelector(selectLoginAttempts);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  // The static copy of this page that index.html showed meanwhile goes, what was typed into it stays; before the
  // first paint, so the student sees one page throughout.
  useLayoutEffect(() => {
    const typed = takeOverLoginShell();
    if (!typed) return;
    setUsername(typed.username);
    setPassword(typed.password);
  }, []);

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
    <LoginView
      username={username}
      password={password}
      showPassword={showPassword}
      usernameMissing={usernameMissing}
      passwordMissing={passwordMissing}
      processing={processing}
      setUsername={setUsername}
      setPassword={setPassword}
      toggleShowPassword={() => setShowPassword((shown) => !shown)}
      submit={submit}
    />
  );
}
