/**
 * `TRUST_PROXY` as express's `trust proxy` setting (docs/adr/0051): which peers may say, in X-Forwarded-For,
 * who the client is. Empty: none, `req.ip` is the connection's address and the header is ignored. A number: that
 * many hops in front of the gateway (only safe when nothing else can reach it). Otherwise a comma-separated list
 * of addresses, CIDRs or proxy-addr's names (`loopback`, `linklocal`, `uniquelocal`); express refuses an
 * invalid one when the setting is applied, so the gateway does not start with it.
 */
export function trustProxySetting(raw: string): false | number | string[] {
  const value = raw.trim();
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
