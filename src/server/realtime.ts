import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Namespace } from 'socket.io';
import { sectionsOf, type Section } from '../domain/auth/permissions.js';
import { authenticate, type CurrentUser } from './http/access.js';
import type { Services } from './app.js';
import { unreadCount } from './modules/notifications/notifications.service.js';

/**
 * Live events on the socket.io namespace /notifications. Emits before the socket
 * server is attached (tests using inject) go nowhere. With REDIS_URL every instance
 * shares rooms through the Redis adapter.
 */
export interface Realtime {
  toUser(userId: string, event: string, payload: unknown): void;
  toSection(section: Section, event: string, payload: unknown): void;
  status(): 'off' | 'local' | 'redis';
}

export const userRoom = (id: string) => `user:${id}`;
const sectionRoom = (s: Section) => `section:${s}`;

export class SocketRealtime implements Realtime {
  private io?: Server;
  private nsp?: Namespace;
  private redisClients: Array<{ quit(): Promise<unknown>; destroy?: () => void }> = [];

  toUser(userId: string, event: string, payload: unknown) {
    this.nsp?.to(userRoom(userId)).emit(event, payload);
  }
  toSection(section: Section, event: string, payload: unknown) {
    this.nsp?.to(sectionRoom(section)).emit(event, payload);
  }
  status() {
    return !this.nsp ? 'off' : this.redisClients.length ? 'redis' : 'local';
  }

  async attach(server: HttpServer, services: Services, log: FastifyBaseLogger, redisUrl?: string) {
    const io = new Server(server, { serveClient: false, cors: { origin: false } });
    if (redisUrl) {
      const { createClient } = await import('redis');
      const { createAdapter } = await import('@socket.io/redis-adapter');
      // Reconnect forever with a capped back-off: losing Redis pauses fan-out, it does not stop the server.
      const pub = createClient({ url: redisUrl, socket: { reconnectStrategy: (n) => Math.min(n * 200, 5000) } });
      const sub = pub.duplicate();
      for (const c of [pub, sub]) c.on('error', (err) => log.warn({ err: { message: err.message } }, 'redis error'));
      await Promise.all([pub.connect(), sub.connect()]);
      io.adapter(createAdapter(pub, sub));
      this.redisClients = [pub, sub];
    }
    const nsp = io.of('/notifications');
    nsp.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || !token) return next(new Error('Authentication required'));
      try {
        socket.data.user = await authenticate(services, token);
        next();
      } catch {
        next(new Error('Invalid or expired token'));
      }
    });
    nsp.on('connection', (socket) => {
      socket.on('join', async () => {
        const user = socket.data.user as CurrentUser;
        await socket.join([userRoom(user.id), ...sectionsOf(user.role).map(sectionRoom)]);
        try {
          socket.emit('unread-count', { count: await unreadCount(services.db, user.id) });
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
