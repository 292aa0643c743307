import type { CallReply, LoginBody, LogoutBody, loginCall, logoutCall } from '../../contract';
import { http } from './http';
import type { PathOf } from './path';

const loginPath: PathOf<typeof loginCall> = '/auth/login';
const logoutPath: PathOf<typeof logoutCall> = '/auth/logout';

export type LoginReply = CallReply<typeof loginCall>;
export type LogoutReply = CallReply<typeof logoutCall>;

export async function login(body: LoginBody): Promise<LoginReply> {
  const { data } = await http.post<LoginReply>(loginPath, body);
  return data;
}

export async function logout(body: LogoutBody): Promise<LogoutReply> {
  const { data } = await http.post<LogoutReply>(logoutPath, body);
  return data;
}
