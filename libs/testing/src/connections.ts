import net from 'node:net';

export interface OpenConnection {
  socket: net.Socket;
  /** Resolves when the server hangs up (or the socket is destroyed). */
  closed: Promise<void>;
}

/**
 * Opens `count` TCP connections to `port` one after the other, each connected before the next (so a listener's
 * cap sees them in order), sending nothing: the first ones are held until the header deadline, those past a
 * connection cap are closed at once. The caller destroys the sockets.
 */
export async function openConnections(port: number, count: number): Promise<OpenConnection[]> {
  const opened: OpenConnection[] = [];
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    // Closed before it was seen connected: the server dropped it at once, which is an answer too.
    await Promise.race([new Promise<void>((resolve) => socket.once('connect', () => resolve())), closed]);
    opened.push({ socket, closed });
  }
  return opened;
}
