import { createSocket, type Socket } from 'node:dgram';
import { decode, encode, type Answer } from 'dns-packet';

/** What the test server answers for one name; a name without records is NXDOMAIN. */
export interface DnsRecords {
  cname?: string;
  a?: string[];
}

export interface TestDnsServer {
  /** `127.0.0.1:<port>`, as CUSTOM_HOSTNAME_DNS_SERVERS takes it. */
  address: string;
  records: Map<string, DnsRecords>;
  /** Names the server receives queries for but never answers (a zone that hangs). */
  silent: Set<string>;
  /** How many queries it received. */
  queries: () => number;
  close: () => Promise<void>;
}

function answersFor(name: string, type: string, records: DnsRecords | undefined): Answer[] {
  if (!records) return [];
  if (records.cname) return type === 'CNAME' || type === 'A' || type === 'AAAA' ? [{ type: 'CNAME', name, ttl: 60, data: records.cname }] : [];
  return type === 'A' ? (records.a ?? []).map((data) => ({ type: 'A' as const, name, ttl: 60, data })) : [];
}

/** A real DNS server on 127.0.0.1 (UDP) for the custom-hostname checks, answering from `records`. */
export async function startDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, DnsRecords>();
  const silent = new Set<string>();
  let received = 0;
  const socket: Socket = createSocket('udp4');
  socket.on('message', (message, remote) => {
    received += 1;
    const query = decode(message);
    const question = query.questions?.[0];
    if (!question || silent.has(question.name.toLowerCase())) return;
    const known = records.get(question.name.toLowerCase());
    const answers = answersFor(question.name, question.type, known);
    const reply = encode({ type: 'response', id: query.id, flags: (known ? 0 : 3) | (1 << 8) | (1 << 7), questions: [question], answers });
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    records,
    silent,
    queries: () => received,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
