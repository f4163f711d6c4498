import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Namespace } from 'socket.io';
import type { Role } from '../domain/auth/permissions.js';
import { isUnavailable } from './http/errors.js';

/** Who a socket belongs to: its rooms are the user's and the role's. */
interface SocketUser {
  id: string;
  role: Role;
}

/** What the socket server asks of the app: who a token is, and what a socket is told when it joins. */
export interface SocketSessions {
  authenticate(token: string): Promise<SocketUser>;
  /** The user's unread notifications, sent on join. */
  unreadCount(userId: string): Promise<number>;
}

/**
 * Live events on the socket.io namespace /notifications. Emits before the socket
 * server is attached (tests using inject) go nowhere. With REDIS_URL every instance
 * shares rooms through the Redis adapter.
 */
export interface Realtime {
  toUser(userId: string, event: string, payload: unknown): void;
  /** Sockets of users with one of these roles (a resource's allowed readers). */
  toRoles(roles: readonly Role[], event: string, payload: unknown): void;
  /**
   * Tells the other instances of the app (through the Redis adapter); nothing to tell on one process.
   * Resolves once every other instance has run its handlers, or after SERVER_ACK_MS (an instance
   * stopping, Redis lost): a change announced this way holds on every instance at the sender's
   * next reply. The sender's own handlers do not run: it acts on its own change itself.
   */
  toServers(event: string): Promise<void>;
  /** Runs `handler` when another instance sends `event` with `toServers`. */
  onServers(event: string, handler: () => void): void;
  /** 'redis-down': Redis is lost and being reconnected; this instance still serves its own sockets. */
  status(): 'off' | 'local' | 'redis' | 'redis-down';
}

interface RedisLike {
  isReady: boolean;
  quit(): Promise<unknown>;
}

export const userRoom = (id: string) => `user:${id}`;
/** How long a sender waits for the other instances to acknowledge a server-to-server event. */
export const SERVER_ACK_MS = 2000;
const roleRoom = (r: Role) => `role:${r}`;

export class SocketRealtime implements Realtime {
  private io?: Server;
  private nsp?: Namespace;
  private redisClients: RedisLike[] = [];
  private serverHandlers: Array<[string, () => void]> = [];

  toUser(userId: string, event: string, payload: unknown) {
    this.nsp?.to(userRoom(userId)).emit(event, payload);
  }
  toRoles(roles: readonly Role[], event: string, payload: unknown) {
    if (roles.length) this.nsp?.to(roles.map(roleRoom)).emit(event, payload);
  }
  async toServers(event: string) {
    // Without an adapter there is no other instance; with one, a lost Redis drops the event (the
    // receivers' caches expire by themselves).
    const nsp = this.nsp;
    if (!nsp || !this.redisClients.length || this.status() !== 'redis') return;
    let timer: NodeJS.Timeout | undefined;
    // The adapter swallows a failed publish without calling back: the timer bounds the wait.
    await Promise.race([
      nsp.serverSideEmitWithAck(event).catch(() => undefined),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, SERVER_ACK_MS))),
    ]);
    clearTimeout(timer);
  }
  onServers(event: string, handler: () => void) {
    // The sender waits for each instance's acknowledgement, given once the handler has run.
    const acting = (...args: unknown[]) => {
      handler();
      const ack = args.at(-1);
      if (typeof ack === 'function') (ack as (reply: unknown) => void)('done');
    };
    this.serverHandlers.push([event, acting]);
    this.nsp?.on(event, acting);
  }
  status() {
    if (!this.nsp) return 'off';
    if (!this.redisClients.length) return 'local';
    return this.redisClients.every((c) => c.isReady) ? 'redis' : 'redis-down';
  }

  async attach(server: HttpServer, sessions: SocketSessions, log: FastifyBaseLogger, redisUrl?: string) {
    const io = new Server(server, { serveClient: false, cors: { origin: false } });
    if (redisUrl) {
      const { createClient } = await import('redis');
      const { createAdapter } = await import('@socket.io/redis-adapter');
      // Reconnect forever with a capped back-off: losing Redis pauses fan-out, it does not stop the
      // server, and the subscriber re-subscribes by itself when Redis is back.
      const socket = { reconnectStrategy: (retries: number) => Math.min(100 + retries * 200, 2000), connectTimeout: 3000 };
      // Live events are ephemeral: while Redis is away, publishing fails at once instead of piling
      // up in memory and replaying stale events later.
      const pub = createClient({ url: redisUrl, socket, disableOfflineQueue: true });
      const sub = createClient({ url: redisUrl, socket });
      for (const c of [pub, sub]) c.on('error', (err: Error) => log.warn({ err: { message: err.message } }, 'redis error'));
      await Promise.all([pub.connect(), sub.connect()]);
      // The adapter fires publishes without awaiting them: a failed one must be logged, never
      // become an unhandled rejection (which would end the process).
      const publish = pub.publish.bind(pub);
      (pub as { publish: typeof publish }).publish = (...args) => {
        const sent = publish(...args);
        sent.catch((err: Error) => log.debug({ err: { message: err.message } }, 'live event not fanned out: redis unavailable'));
        return sent;
      };
      io.adapter(createAdapter(pub, sub, { requestsTimeout: SERVER_ACK_MS }));
      this.redisClients = [pub, sub];
    }
    const nsp = io.of('/notifications');
    for (const [event, handler] of this.serverHandlers) nsp.on(event, handler);
    nsp.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || !token) return next(new Error('Authentication required'));
      try {
        socket.data.user = await sessions.authenticate(token);
        next();
      } catch (err) {
        // A database outage is not a bad token: the client should retry, not sign out.
        next(new Error(isUnavailable(err) ? 'Service temporarily unavailable' : 'Invalid or expired token'));
      }
    });
    nsp.on('connection', (socket) => {
      socket.on('join', async () => {
        const user = socket.data.user as SocketUser;
        await socket.join([userRoom(user.id), roleRoom(user.role)]);
        try {
          socket.emit('unread-count', { count: await sessions.unreadCount(user.id) });
        } catch (err) {
          log.warn({ err }, 'unread count on join failed');
        }
      });
    });
    this.io = io;
    this.nsp = nsp;
  }

  async close() {
    await new Promise<void>((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
    await Promise.allSettled(this.redisClients.map((c) => c.quit()));
  }
}
