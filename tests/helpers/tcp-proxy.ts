/**
 * A TCP relay the tests put between a client and a server (NATS, PostgreSQL) to cut the link (`stop`: every
 * connection dropped, nothing listening) and restore it (`listen`, on the same port), as a network outage would, or
 * to silence it (`freeze`: connections left open, nothing relayed), as a network dropping every packet would.
 */
import { createServer, connect as tcpConnect, type Server, type Socket } from 'node:net'

/** A TCP relay to the NATS server that the test can cut (stop) and restore (listen) on the same port. */
export class TcpProxy {
  private server: Server | undefined
  private readonly sockets = new Set<Socket>()

  private constructor(
    private readonly target: URL,
    public port: number,
  ) {}

  /** Listens on a free port of 127.0.0.1, relaying to the first server of `natsUrl` (or any `scheme://host:port`). */
  static async start(natsUrl: string): Promise<TcpProxy> {
    const proxy = new TcpProxy(new URL(natsUrl.split(',')[0]!), 0)
    await proxy.listen()
    return proxy
  }

  async listen(): Promise<void> {
    const server = createServer((client) => {
      const upstream = tcpConnect(Number(this.target.port || 4222), this.target.hostname)
      for (const s of [client, upstream]) {
        this.sockets.add(s)
        s.on('close', () => this.sockets.delete(s))
        s.on('error', () => s.destroy())
      }
      client.pipe(upstream).pipe(client)
      client.on('close', () => upstream.destroy())
      upstream.on('close', () => client.destroy())
    })
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve))
    this.port = (server.address() as { port: number }).port
    this.server = server
  }

  /** Stops relaying either way on the open connections, which stay open: neither end hears anything more. */
  freeze(): void {
    for (const s of this.sockets) {
      s.unpipe()
      s.pause()
    }
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = undefined
    for (const s of this.sockets) s.destroy()
    if (server) await new Promise((resolve) => server.close(resolve))
  }
}
