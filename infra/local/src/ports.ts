import net from 'node:net';

/** Ports above this are where the OS picks the local ports of outgoing connections: never reserve them. */
const EPHEMERAL_FROM = 32768;

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

async function blockFree(ports: number[]): Promise<boolean> {
  return (await Promise.all(ports.map(portFree))).every(Boolean);
}

const block = (base: number, count: number) => Array.from({ length: count }, (_, i) => base + i);

/**
 * `count` consecutive free ports from `base`, or from the next blocks of ten, all below 32768 (an outgoing
 * connection could otherwise take one between this probe and the listen).
 */
export async function freePortBlock(base: number, count: number): Promise<number[]> {
  for (let b = base; b + count - 1 < EPHEMERAL_FROM; b += 10) {
    if (await blockFree(block(b, count))) return block(b, count);
  }
  throw new Error(`no ${count} free ports from ${base} below ${EPHEMERAL_FROM}`);
}

/**
 * `count` consecutive free ports from a random block in 20000-31999, for a stack whose services must know
 * each other's URLs before any of them starts (content asks sites, sites asks content). Two stacks probing
 * the same block at once is possible but rare; a clash makes that stack's listen fail loudly (EADDRINUSE),
 * and startStack then tries another block.
 */
export async function reservePorts(count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const ports = block(20000 + Math.floor(Math.random() * Math.floor((12000 - count) / 10)) * 10, count);
    if (await blockFree(ports)) return ports;
  }
  throw new Error(`no block of ${count} free ports found in 20000-31999`);
}

/**
 * `preferred` when it is free, otherwise the first free port of preferred+10, +20, ...: each port keeps its
 * last digit, so the ports a stack picks for its gateway and services rarely meet; `avoid` holds the ports
 * the stack picked already (the gateway's 8080 and the publisher's 8090 share a last digit).
 */
export async function portOrFree(preferred: number, avoid: ReadonlySet<number> = new Set()): Promise<number> {
  for (let port = preferred; port < EPHEMERAL_FROM; port += 10) if (!avoid.has(port) && (await portFree(port))) return port;
  throw new Error(`no free port from ${preferred} below ${EPHEMERAL_FROM}`);
}
