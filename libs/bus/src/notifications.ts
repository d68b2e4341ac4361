import pg from 'pg';
import type { Logger } from '@dp/log';

/** Called on each NOTIFY of the channel, and once after the connection was lost (a notification may have been missed). */
export type OnNotify = () => void;

export interface NotificationSubscription {
  /** Whether the channel is LISTENed on a live connection now: while it is not, notifications are being missed. */
  listening(): boolean;
  close(): Promise<void>;
}

interface SharedListener {
  url: string;
  log: Logger;
  client?: pg.Client;
  connecting?: Promise<void>;
  /** LISTEN/UNLISTEN one at a time: a pg client runs one query at a time (queueing more is deprecated in pg 8). */
  statements: Promise<unknown>;
  channels: Map<string, Set<OnNotify>>;
  /** The channels LISTENed on the current client. */
  live: Set<string>;
}

const RECONNECT_MS = 1000;
const listeners = new Map<string, SharedListener>();

const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

/** Runs `statement` on the shared connection after the ones before it; a failure is logged (polling covers it). */
function runInTurn(shared: SharedListener, client: pg.Client, statement: string, done?: () => void): Promise<void> {
  const run = shared.statements.then(() => client.query(statement)).then(
    () => done?.(),
    (err: Error) => shared.log.warn({ err: err.message, statement }, 'outbox LISTEN failed; relying on polling'),
  );
  shared.statements = run;
  return run;
}

function notifyAll(shared: SharedListener) {
  for (const subscribers of shared.channels.values()) for (const notify of subscribers) notify();
}

/** Opens the shared connection and LISTENs on every channel subscribed so far; retried while anyone listens. */
function connect(shared: SharedListener): Promise<void> {
  shared.connecting ??= (async () => {
    const client = new pg.Client({ connectionString: shared.url, application_name: 'outbox-listener' });
    client.on('notification', (msg) => shared.channels.get(msg.channel)?.forEach((notify) => notify()));
    client.on('error', (err) => {
      shared.log.warn({ err: err.message }, 'outbox LISTEN connection error');
      if (shared.client === client) {
        shared.client = undefined;
        shared.live.clear();
      }
      client.end().catch(() => undefined);
      notifyAll(shared);
      setTimeout(() => void reconnectIfWanted(shared), RECONNECT_MS);
    });
    try {
      await client.connect();
      for (const channel of shared.channels.keys()) await client.query(`listen ${quoted(channel)}`);
      if (shared.channels.size === 0) {
        // Everyone left while the connection was being opened: it would leak.
        await client.end().catch(() => undefined);
        return;
      }
      shared.client = client;
      for (const channel of shared.channels.keys()) shared.live.add(channel);
    } catch (err) {
      shared.log.warn({ err: (err as Error).message }, 'outbox LISTEN failed; relying on polling');
      await client.end().catch(() => undefined);
      setTimeout(() => void reconnectIfWanted(shared), 2 * RECONNECT_MS);
    }
  })().finally(() => {
    shared.connecting = undefined;
  });
  return shared.connecting;
}

function reconnectIfWanted(shared: SharedListener) {
  if (shared.channels.size > 0 && !shared.client && listeners.get(shared.url) === shared) void connect(shared);
}

/**
 * LISTENs on `channel` through one connection per database URL in this process, shared by every subscriber
 * (the relays of all the contexts a process hosts, as the one-process stack does, use one connection, not one
 * each). Notifications are a wake-up hint: a subscriber must still poll for what a lost connection missed.
 */
export function listenForNotifications(url: string, channel: string, onNotify: OnNotify, log: Logger): NotificationSubscription {
  let shared = listeners.get(url);
  if (!shared) {
    shared = { url, log, statements: Promise.resolve(), channels: new Map(), live: new Set() };
    listeners.set(url, shared);
  }
  const listener = shared;
  const isNewChannel = !listener.channels.has(channel);
  const subscribers = listener.channels.get(channel) ?? new Set<OnNotify>();
  subscribers.add(onNotify);
  listener.channels.set(channel, subscribers);
  if (listener.client && isNewChannel) {
    const client = listener.client;
    void runInTurn(listener, client, `listen ${quoted(channel)}`, () => {
      if (listener.client === client) listener.live.add(channel);
    });
  } else if (!listener.client) {
    void connect(listener);
  }

  let closed = false;
  return {
    listening: () => !closed && listener.live.has(channel),
    async close() {
      if (closed) return;
      closed = true;
      subscribers.delete(onNotify);
      if (subscribers.size > 0) return;
      listener.channels.delete(channel);
      listener.live.delete(channel);
      if (listener.channels.size > 0) {
        if (listener.client) await runInTurn(listener, listener.client, `unlisten ${quoted(channel)}`);
        return;
      }
      listeners.delete(url);
      await listener.connecting;
      await listener.statements;
      const client = listener.client;
      listener.client = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
