import type { Knex } from 'knex';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import { findOpenSamlRequest, insertSamlRequest } from './saml-requests';

/**
 * node-saml's request-id cache over PostgreSQL, for one provider: the AuthnRequest ids it issues are saved in
 * saml_requests (with the RelayState and an expiry), and an answer's InResponseTo is looked up there, so any
 * identity process can finish a sign-in another one started, and an id issued for one provider cannot finish a
 * sign-in with another.
 *
 * `removeAsync` does nothing on purpose: node-saml calls it whenever it has looked at a response, valid or not,
 * outside any transaction. The request is consumed by the sign-in itself (consumeSamlRequest), in the
 * transaction that creates the user and the membership, so a replay is refused and a refused response leaves
 * nothing behind.
 */
/** A failure of the store itself (PostgreSQL), which must not be reported as a refused response. */
export class SamlRequestStoreError extends Error {
  constructor(cause: unknown) {
    super('The SAML request store is unavailable', { cause });
    this.name = 'SamlRequestStoreError';
  }
}

const storeFailure = (err: unknown): never => {
  throw new SamlRequestStoreError(err);
};

export function samlRequestCache(db: Knex, providerId: string, opts: { relayState?: string; ttlMs: number }): CacheProvider {
  return {
    async saveAsync(key: string, value: string): Promise<CacheItem | null> {
      if (opts.relayState === undefined) throw new Error('saml request cache: no RelayState to issue a request with');
      const saved = await insertSamlRequest(db, { id: key, provider_id: providerId, relay_state: opts.relayState, ttlMs: opts.ttlMs }).catch(storeFailure);
      return { value, createdAt: saved.created_at.getTime() };
    },
    async getAsync(key: string): Promise<string | null> {
      const open = await findOpenSamlRequest(db, key, providerId).catch(storeFailure);
      // node-saml reads the value as the issue instant (it compares it with requestIdExpirationPeriodMs).
      return open ? open.created_at.toISOString() : null;
    },
    async removeAsync(key: string | null): Promise<string | null> {
      return key;
    },
  };
}
