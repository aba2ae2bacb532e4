/** The caller's user record, for services that act on the seller's own account. */
import { userServerErrors } from '#shared/texts/errors';
import { notFound } from './http-error';
import { getUser, type UserRecord } from '../domains/sellers/seller-store';

/** The record of a signed-in seller; 404 when it is gone (the account was deleted meanwhile). */
export async function requireUser(userId: string): Promise<UserRecord> {
  const user = await getUser(userId);
  if (!user) throw notFound(userServerErrors.userNotFound);
  return user;
}
