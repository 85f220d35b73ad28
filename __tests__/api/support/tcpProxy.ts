/**
 * A TCP proxy (node:net) between the server and PostgreSQL, so a test can take the database away
 * without touching the shared cluster: `cut('refuse')` drops every connection and refuses new ones
 * (the database is down), `cut('stall')` stops moving bytes on open connections and leaves new
 * ones unanswered (a network partition), `restore()` brings it back.
 */
import net from 'node:net';

export type CutMode = 'refuse' | 'stall';

interface Pair {
  client: net.Socket;
  upstream: net.Socket | null;
}

export class TcpProxy {
  private server: net.Server | null = null;
  private readonly pairs = new Set<Pair>();
  private mode: 'open' | CutMode = 'open';
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => this.accept(client));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private accept(client: net.Socket): void {
    client.on('error', () => undefined);
    if (this.mode === 'refuse') {
      client.destroy();
      return;
    }
    const pair: Pair = { client, upstream: null };
    this.pairs.add(pair);
    client.on('close', () => {
      pair.upstream?.destroy();
      this.pairs.delete(pair);
    });
    if (this.mode === 'stall') {
      client.pause();
      return; // accepted, never answered
    }
    this.connect(pair);
  }

  private connect(pair: Pair): void {
    const upstream = net.connect(this.targetPort, this.targetHost);
    pair.upstream = upstream;
    upstream.on('error', () => pair.client.destroy());
    upstream.on('close', () => pair.client.destroy());
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
  }

  /** Takes the database away. */
  cut(mode: CutMode): void {
    this.mode = mode;
    for (const pair of this.pairs) {
      if (mode === 'refuse') {
        pair.client.destroy();
        pair.upstream?.destroy();
      } else if (pair.upstream) {
        pair.client.unpipe(pair.upstream);
        pair.upstream.unpipe(pair.client);
        pair.client.pause();
        pair.upstream.pause();
      }
    }
  }

  /** Brings it back: stalled connections move again, new ones are forwarded. */
  restore(): void {
    this.mode = 'open';
    for (const pair of this.pairs) {
      if (pair.upstream) {
        pair.client.pipe(pair.upstream);
        pair.upstream.pipe(pair.client);
      } else {
        this.connect(pair);
        pair.client.resume();
      }
    }
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) {
      pair.client.destroy();
      pair.upstream?.destroy();
    }
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
