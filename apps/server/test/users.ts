import crypto from 'node:crypto';
import type { AuthTokens, UserProfile } from '@kram/contract/accounts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';

export interface TestUser extends AuthTokens {
  id: number;
  email: string;
  telephone: string;
  password: string;
  profile: UserProfile;
}

/** A client address of its own, so per-address rate limits only matter to the tests about them. */
export const freshIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

export const freshTelephone = () => `+380${String(crypto.randomInt(1e9)).padStart(9, '0')}`;

export const freshEmail = (name = 'shopper') => `${name}-${crypto.randomBytes(5).toString('hex')}@example.com`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** Registers a shopper through the API and signs them in. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{
    first_name: string;
    last_name: string;
    email: string;
    telephone: string;
    password: string;
  }> = {},
): Promise<TestUser> {
  const password = overrides.password ?? `pw-${crypto.randomBytes(4).toString('hex')}`;
  const body = {
    first_name: 'Тарас',
    last_name: 'Шевченко',
    email: freshEmail(),
    telephone: freshTelephone(),
    ...overrides,
    password,
    password2: password,
  };
  const ip = freshIp();
  const registered = await app.inject({
    method: 'POST',
    url: '/api/register/',
    payload: body,
    headers: { 'x-forwarded-for': ip },
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.statusCode} ${registered.body}`);
  const tokens = await signIn(app, body.email, password, ip);
  return {
    ...tokens,
    id: userIdOf(tokens.access),
    email: body.email,
    telephone: body.telephone,
    password,
    profile: registered.json(),
  };
}

export async function signIn(app: FastifyInstance, emailOrPhone: string, password: string, ip = freshIp()) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/login/',
    payload: { email_or_phone: emailOrPhone, password },
    headers: { 'x-forwarded-for': ip },
  });
  if (res.statusCode !== 200) throw new Error(`login: ${res.statusCode} ${res.body}`);
  return res.json() as AuthTokens;
}

/** The `sub` of an access token, read without checking it. */
export function userIdOf(accessToken: string): number {
  const payload = accessToken.split('.')[1] ?? '';
  return Number(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')).sub);
}

/** Staff is granted in the back office (or by create-admin), not through the shop API. */
export async function grantStaff(database: Database, id: number): Promise<void> {
  await database.db.execute(sql`update users set is_staff = true, is_superuser = true where id = ${id}`);
}

export async function setActive(database: Database, id: number, active: boolean): Promise<void> {
  await database.db.execute(sql`update users set is_active = ${active} where id = ${id}`);
}

/** A member of staff (superuser or not) made through the database and signed in through the API. */
export async function staffUser(
  app: FastifyInstance,
  database: Database,
  role: { superuser: boolean } = { superuser: false },
): Promise<TestUser> {
  const made = await signUp(app, { first_name: role.superuser ? 'Адміністратор' : 'Менеджер' });
  await database.db.execute(
    sql`update users set is_staff = true, is_superuser = ${role.superuser} where id = ${made.id}`,
  );
  return { ...made, ...(await signIn(app, made.email, made.password)) };
}
