import { accountMessages } from '@kram/contract/accounts';
import type { FastifyRequest } from 'fastify';
import { Unauthenticated } from '../../lib/domain-errors.ts';
import type { Viewer } from './access-tokens.ts';

/** The signed-in viewer of a protected call; a guest gets a 401 the storefront answers with a refresh. */
export async function signedIn(request: FastifyRequest): Promise<Viewer> {
  const viewer = await request.viewer();
  if (!viewer) throw new Unauthenticated(accountMessages.notAuthenticated, 'not_authenticated');
  return viewer;
}
