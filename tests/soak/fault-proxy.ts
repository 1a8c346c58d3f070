// A TCP proxy between a client and the server that, request by request, passes it, loses it,
// loses its answer, or holds it a while. The client opens one connection per request, so a
// connection is a request here; the proxy reads the whole request before it decides.
import net from 'node:net';

export type Fault =
  | 'pass'
  /** Held a little, then passed. */
  | 'delay'
  /** The connection drops before anything reaches the server. */
  | 'requestLost'
  /** The server answers in full, but the connection drops before the answer reaches the client. */
  | 'answerLost'
  /** The connection to the client drops as soon as the request is forwarded: the client retries
   * while the server is still at the first one. */
  | 'cutInFlight';

export interface Plan {
  fault: Fault;
  /** How long a `delay` holds the request. */
  delayMs: number;
  /** Done before the request is forwarded (awaited), and just after (not awaited). */
  beforeForward?: () => Promise<void>;
  afterForward?: () => void;
}

export interface FaultProxy {
  port: number;
  close(): Promise<void>;
}

const HEADERS_END = Buffer.from('\r\n\r\n');

/** The length of the first whole HTTP request in `data`, or undefined while it is incomplete. */
function requestLength(data: Buffer): number | undefined {
  const end = data.indexOf(HEADERS_END);
  if (end < 0) return undefined;
  const head = data.subarray(0, end).toString('latin1');
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  const total = end + HEADERS_END.length + (length ? Number(length[1]) : 0);
  return data.length >= total ? total : undefined;
}

/** Listens on a port of its own and forwards to `targetPort` on loopback as `next()` says. */
export async function startFaultProxy(targetPort: number, next: () => Plan): Promise<FaultProxy> {
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    // A dropped connection is the point here, not an error of the test.
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
    return socket;
  };

  const server = net.createServer((client) => {
    track(client);
    let received = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const length = requestLength(received);
      if (length === undefined) return;
      client.off('data', onData);
      client.pause();
      void handle(client, received.subarray(0, length), next());
    };
    client.on('data', onData);
  });

  async function handle(client: net.Socket, request: Buffer, plan: Plan) {
    if (plan.fault === 'requestLost') {
      client.resetAndDestroy();
      return;
    }
    if (plan.fault === 'delay') await new Promise((resolve) => setTimeout(resolve, plan.delayMs));
    await plan.beforeForward?.();
    if (client.destroyed) return;
    const upstream = track(net.connect(targetPort, '127.0.0.1'));
    upstream.once('connect', () => {
      upstream.write(request);
      plan.afterForward?.();
      if (plan.fault === 'cutInFlight') {
        client.resetAndDestroy();
        // The server goes on with the request; its answer goes nowhere.
        upstream.resume();
        return;
      }
      if (plan.fault === 'answerLost') {
        // The first byte of the answer means the server has done the work.
        upstream.once('data', () => {
          client.resetAndDestroy();
          upstream.destroy();
        });
        return;
      }
      upstream.pipe(client);
    });
    // A server that resets the connection resets the client's; a clean end is piped through.
    upstream.on('error', () => client.destroy());
    if (plan.fault !== 'cutInFlight') client.on('close', () => upstream.destroy());
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy not listening');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
