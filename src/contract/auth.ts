/** Login and logout (/auth/*). */
import { Type } from '@sinclair/typebox';
import { Envelope, StatusMessage, defineCall, type CallBody } from './common';
import { ProfileUser } from './profile';

/** The opaque session token; the client sends it back in the `Key` header. */
export const AccessToken = Type.Object({ value: Type.String() });

/** Login response content: user and access_token.value. */
export const LoginContent = Type.Object({
  user: ProfileUser,
  access_token: AccessToken,
});

/** `POST /auth/login` — body code, isgoogle, username, password — answer status, message, content.user,
 * content.access_token.value. Wrong credentials answer `{status: false, message}`. */
export const loginCall = defineCall({
  method: 'POST',
  path: '/auth/login',
  body: Type.Object({
    code: Type.Literal('s'),
    isgoogle: Type.Boolean(),
    username: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
  }),
  response: Envelope(LoginContent),
});
export type LoginBody = CallBody<typeof loginCall>;

/** `POST /auth/logout` — body code, username, password (from stored credential) — answer not shown.
 * All body fields are optional: the server revokes the token of the caller. Answer `{status, message}`. */
export const logoutCall = defineCall({
  method: 'POST',
  path: '/auth/logout',
  body: Type.Object({
    code: Type.Optional(Type.String({ maxLength: 10 })),
    username: Type.Optional(Type.String({ maxLength: 100 })),
    password: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  response: StatusMessage,
});
export type LogoutBody = CallBody<typeof logoutCall>;
