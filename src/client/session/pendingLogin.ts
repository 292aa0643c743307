/**
 * The password between the login form and the login call. It never enters the Redux store (an action or state in
 * a DevTools export would hold it) nor any cookie or storage: the form hands it here, the login saga takes it
 * once, and it is gone.
 */
let pending: string | null = null;

export function holdPassword(password: string): void {
  pending = password;
}

/** The held password, once; '' when there is none. */
export function takePassword(): string {
  const password = pending ?? '';
  pending = null;
  return password;
}
