import type { Knex } from 'knex';
import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import { findOpenSamlRequest, insertSamlRequest } from './saml-requests';

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

/**
 * node-saml's request-id cache over PostgreSQL (saml_requests), per provider: any identity process can finish a
 * sign-in another started, and an id issued for one provider cannot finish at another (docs/adr/0036).
 * `removeAsync` does nothing on purpose: node-saml calls it after any response, valid or not, outside any
 * transaction; the sign-in consumes the request in the transaction that creates the user (consumeSamlRequest),
 * so a replay is refused and a refused response leaves nothing behind.
 */
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
