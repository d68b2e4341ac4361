/**
 * The platform's own ports a script's fetch must never reach on a non-public address, whatever
 * OUTBOUND_ALLOW says (docs/adr/0057): those of the URLs and ports this process is configured with (the
 * gateway, the apis it calls, PostgreSQL, RabbitMQ, its own api and metrics ports) and the listed ones
 * (`INTEGRATIONS_SCRIPT_REFUSED_PORTS`: the apis and metrics ports it is not told about). An http(s) URL
 * without a port names no port: refusing 80 or 443 on every private address would refuse every allowed
 * private web server. Pure.
 */
export function platformPorts(input: { urls: readonly string[]; ports: readonly number[] }): number[] {
  const fromUrls = input.urls.flatMap((text) => {
    try {
      const url = new URL(text);
      return [Number(url.port || DEFAULT_PORTS[url.protocol] || 0)];
    } catch {
      return [];
    }
  });
  return [...new Set([...fromUrls, ...input.ports])].filter((port) => Number.isInteger(port) && port > 0 && port < 65536).sort((a, b) => a - b);
}

/** Ports of the platform's own protocols when their URL names none. */
const DEFAULT_PORTS: Record<string, number> = { 'postgres:': 5432, 'postgresql:': 5432, 'amqp:': 5672, 'amqps:': 5671 };
