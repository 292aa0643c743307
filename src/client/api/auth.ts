import type { LoginBody, LogoutBody, loginCall, logoutCall } from '../../contract';
import { send } from './endpoint';

export function login(body: LoginBody) {
  return send<typeof loginCall>('POST /auth/login', undefined, body);
}

export function logout(body: LogoutBody) {
  return send<typeof logoutCall>('POST /auth/logout', undefined, body);
}
