import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { ClientToServerEvents, ServerToClientEvents } from '@vitrine/domain/events';
import { rooms } from '@vitrine/domain/events';
import { isRowId } from '@vitrine/domain/schemas/project';
import { usernameSchema } from '@vitrine/domain/schemas/auth';
import { readableProjectIds } from '@vitrine/db/queries/project-access';
import { makeUserQueries } from '@vitrine/db/queries/users';
import { accountRoom, grantedRooms, sessionRoom } from '@vitrine/runtime/rooms';
import type { Deps } from '../context';
import { socketKey } from '@vitrine/runtime/live';
import { loggerFor } from '@vitrine/runtime/logger';
import { duplicateRedis } from '@vitrine/runtime/redis';
import { countSocketsWith } from '../metrics';
import { createHandshakeReader, type SocketIdentity } from './handshake';

/** Project rooms one socket may watch at once (a screen shows a few dozen cards at most). */
const MAX_WATCHED_PROJECTS = 200;

/** What the server keeps on each socket. */
type SocketData = SocketIdentity;
/** The typed Socket.IO server of an API node. */
type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Socket.IO attached to an API node's HTTP server. */
export interface Realtime {
  io: RealtimeServer;
  /**
   * Closes every client's connection at the transport (a drain, api/src/server.ts): the client sees
   * a lost connection, not a refusal, and reconnects at once, through the load balancer, to a node
   * that still runs.
   */
  reconnectElsewhere(): void;
  close(): Promise<void>;
}

/**
 * Attaches Socket.IO to `server` (same port as the API, path /socket.io) with the Redis adapter, so
 * an emit from any node or from a worker's emitter reaches every node's sockets.
 *
 * Rooms come from the session at the handshake: `user:{id}` for a member, `admins` for an admin,
 * none while paused, plus the handle rooms `account:{id}` and `session:{hash}`; they follow the account
 * afterwards (demote, pause, delete, sign-out: rooms.ts, through the Redis emitter on every node).
 * A client can only ask to watch the rooms of projects it may read (`projects:watch`) and the public
 * room of one profile (`profile:watch`), never join a private room.
 */
export function attachRealtime(
  server: HttpServer,
  deps: Deps,
  options: { log?: (err: unknown) => void } = {},
): Realtime {
  const log = options.log ?? ((err) => loggerFor('realtime').error({ err }, 'realtime failure'));
  // The adapter never handles its own command promises: these connections queue commands while
  // Redis is away (no per-request retry limit) and the publisher swallows late failures.
  const pub = adapterConnection(deps.redis, 'io-pub', log);
  const sub = adapterConnection(deps.redis, 'io-sub', log);
  const handshake = createHandshakeReader(deps);

  const io: RealtimeServer = new Server(server, {
    serveClient: false,
    adapter: createAdapter(pub, sub, { key: socketKey(deps.config.redisPrefix) }),
    allowRequest: (req, callback) => callback(null, handshake.originAllowed(req)),
  });
  countSocketsWith(() => io.engine.clientsCount);

  io.use(async (socket, next) => {
    try {
      Object.assign(socket.data, await handshake.identify(socket.request));
      next();
    } catch (err) {
      // Redis or PostgreSQL unreachable: refuse, the client retries (web/src/lib/socket.ts).
      log(err);
      next(new Error('Service unavailable, retry shortly'));
    }
  });

  io.on('connection', (socket: RealtimeSocket) => {
    const { user, sessionId } = socket.data;
    if (user)
      void socket.join([accountRoom(user.id), ...grantedRooms(user), ...(sessionId ? [sessionRoom(sessionId)] : [])]);
    // One watch at a time, in the order they came: each reads which projects the socket may see.
    let watching = Promise.resolve();
    socket.on('projects:watch', (ids) => {
      watching = watching.then(() => watchProjects(deps, socket, ids)).catch(log);
    });
    socket.on('profile:watch', (username) => {
      watching = watching.then(() => watchProfile(deps, socket, username)).catch(log);
    });
  });

  // While the subscriber was away this node's sockets missed pushes: tell them to refetch.
  let subscribedOnce = false;
  sub.on('ready', () => {
    if (subscribedOnce) io.local.emit('sync');
    subscribedOnce = true;
  });

  return {
    io,
    reconnectElsewhere() {
      for (const socket of io.sockets.sockets.values()) socket.conn.close();
    },
    async close() {
      await new Promise<void>((resolve) => {
        io.close(() => resolve());
      });
      pub.disconnect();
      sub.disconnect();
    },
  };
}

/**
 * Replaces the socket's watched project rooms with `ids` (anything else than row ids is ignored), kept
 * to the projects its user may read: a hidden project's counts reach only its owner and admins (a
 * project hidden later empties its room the same way, runtime/src/live.ts).
 */
async function watchProjects(deps: Deps, socket: RealtimeSocket, ids: unknown): Promise<void> {
  if (!Array.isArray(ids)) return;
  const asked = [...new Set(ids.filter(isRowId))].slice(0, MAX_WATCHED_PROJECTS);
  const user = socket.data.user;
  const readable = await readableProjectIds(deps.sql, asked, user ? { id: user.id, isAdmin: user.isAdmin } : null);
  const wanted = new Set(readable.map((id) => rooms.project(id)));
  for (const room of socket.rooms) {
    if (room.startsWith('project:') && !wanted.has(room)) void socket.leave(room);
  }
  for (const room of wanted) void socket.join(room);
}

/**
 * Puts the socket in the public room of the profile `username` names (its follower count) and out of
 * any other profile's: one profile at a time. null, or a well-formed name of no user, watches none;
 * anything else (not a string, not a username) is ignored.
 */
async function watchProfile(deps: Deps, socket: RealtimeSocket, username: unknown): Promise<void> {
  if (username !== null && typeof username !== 'string') return;
  let wanted: string | null = null;
  if (username !== null) {
    const name = usernameSchema.safeParse(username);
    if (!name.success) return;
    const [user] = await makeUserQueries(deps.sql).findByUsernames([name.data]);
    wanted = user ? rooms.profile(user.id) : null;
  }
  for (const room of socket.rooms) {
    if (room.startsWith('profile:') && room !== wanted) void socket.leave(room);
  }
  if (wanted) void socket.join(wanted);
}

/**
 * Commands whose promise the adapter drops (it publishes, subscribes at its start and unsubscribes at
 * its close), as ioredis does when it subscribes again after a reconnect.
 */
const DROPPED_COMMANDS = ['publish', 'subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;

/**
 * A duplicate of the app's connection for the adapter (its errors counted and logged) on which the
 * commands of DROPPED_COMMANDS report a failure to `log` instead of rejecting: a drain while Redis
 * hangs (or reconnects) closes the connection under the adapter's unsubscribe, and a rejection nobody
 * handles ends the process.
 */
function adapterConnection(base: Redis, name: string, log: (err: unknown) => void): Redis {
  const redis = duplicateRedis(base, name, { maxRetriesPerRequest: null, enableOfflineQueue: true });
  const commands = redis as unknown as Record<
    (typeof DROPPED_COMMANDS)[number],
    (...args: unknown[]) => Promise<unknown>
  >;
  for (const command of DROPPED_COMMANDS) {
    const send = commands[command].bind(redis);
    commands[command] = (...args) =>
      send(...args).catch((err: unknown) => {
        log(err);
        return 0;
      });
  }
  return redis;
}
