import net from 'node:net';

/** A TCP proxy in front of a server, which a test cuts (an outage as its clients see it) and restores. */
export interface CuttableProxy {
  /** `targetUrl` with the proxy's host and port in place of the server's (user, password, path kept). */
  url: string;
  /** Resets every connection through the proxy and refuses new ones, as a server that went away. */
  cut(): Promise<void>;
  /** Stops passing bytes on the open connections (they stay open), as a server that hangs. */
  freeze(): void;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a CuttableProxy on a free loopback port in front of the server of `targetUrl` (redis://, postgres://). */
export async function cuttableProxy(targetUrl: string): Promise<CuttableProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const connect = (client: net.Socket) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    track(client);
    track(upstream);
    // Either side failing or ending ends the other, as one connection would.
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.once('close', () => pairs.delete(pair));
  };
  let server = net.createServer(connect);
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = async () => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    cut: stop,
    freeze() {
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      server = net.createServer(connect);
      await listen(port);
    },
    async close() {
      if (server.listening) await stop();
    },
  };
}
