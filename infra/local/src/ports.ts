import net from 'node:net';

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host: '0.0.0.0', exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * `count` consecutive free ports from a random block in 20000-31999, for a stack whose services must know
 * each other's URLs before any of them starts (content asks sites, sites asks content). Below 32768: the
 * range above is where the OS picks the local ports of outgoing connections, which could take one between
 * this probe and the listen. Two stacks probing the same block at once is possible but rare; a clash makes
 * that stack's listen fail loudly (EADDRINUSE), and startStack then tries another block.
 */
export async function reservePorts(count: number): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20000 + Math.floor(Math.random() * Math.floor((12000 - count) / 10)) * 10;
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return ports;
  }
  throw new Error(`no block of ${count} free ports found in 20000-31999`);
}
