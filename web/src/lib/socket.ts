/**
 * The one Socket.IO connection of the page. Same origin, cookies included:
 * the server puts the socket in `user:{id}` / `admins` from the session at the handshake, so the
 * socket reconnects whenever the signed-in user changes. WebSocket only: no sticky sessions needed
 * behind a load balancer (docs/operations.md).
 *
 * Delivery is at most once: after a reconnect, or when the server says `sync`, everything shown is
 * refetched, and so is a member's page when its socket first connects (hooks/use-live-updates.ts, which also writes pushed counts into the SWR cache). Screens
 * use hooks/use-live-event.ts, hooks/use-watch-projects.ts and (the profile page)
 * features/users/hooks/use-live-followers.ts, not this file.
 */
import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '@vitrine/domain/events';
import { useSession } from '../stores/session';
import { loadOnce } from './lazy';

/** The typed client socket. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Wait before reconnecting after the server refused a handshake or dropped the socket. */
const REFUSED_RETRY_MS = 3000;

let socket: LiveSocket | null = null;
let opening: Promise<LiveSocket> | null = null;
const watched = new Map<number, number>();
let watchFlushQueued = false;
/** The profiles screens show, in the order they asked: the server watches the last one (one per socket). */
const watchedProfiles: Array<{ username: string }> = [];
let profileFlushQueued = false;
const resyncListeners = new Set<() => void>();

/**
 * The Socket.IO client: a chunk of its own, fetched after the page is interactive (no screen needs the
 * connection to render; everything shown is fetched over HTTP and pushes only refresh it).
 */
const loadClient = loadOnce(() => import('socket.io-client'));

/** The page's socket, created (and connected) on first use. */
export function getSocket(): Promise<LiveSocket> {
  return (opening ??= loadClient().then(({ io }) => openSocket(io)));
}

/** Creates the socket with its handlers, then connects it from a task of its own. */
function openSocket(io: typeof import('socket.io-client').io): LiveSocket {
  // Connected from a task of its own, after the handlers below are attached, so nothing is missed.
  const s: LiveSocket = io({ transports: ['websocket'], withCredentials: true, autoConnect: false });
  socket = s;
  setTimeout(() => {
    if (!s.active) s.connect();
  }, 0);
  let connectedBefore = false;
  s.on('connect', () => {
    // Rooms belong to a connection: ask again for the projects on screen.
    if (watched.size > 0) s.emit('projects:watch', [...watched.keys()]);
    const profile = shownProfile();
    if (profile !== null) s.emit('profile:watch', profile);
    // Pushes sent before this connection were missed. After a reconnect anything shown may be
    // stale; on the first connection, a member's badges, inboxes and moderation lists were fetched
    // before the socket joined its rooms, so they are fetched again. A visitor's page shows public
    // counts only, which the next push carries whole.
    const session = useSession.getState();
    if (connectedBefore || session.user || session.isLoading) resync();
    connectedBefore = true;
  });
  s.on('connect_error', () => {
    // A refusal by the server's middleware is not retried by socket.io itself.
    if (!s.active) setTimeout(() => s.connect(), REFUSED_RETRY_MS);
  });
  s.on('disconnect', (reason) => {
    // Socket.IO only reconnects by itself after a transport failure; a server-side disconnect
    // (a node shedding its sockets) gets a fresh handshake too, which re-decides the rooms.
    if (reason === 'io server disconnect') setTimeout(() => s.connect(), REFUSED_RETRY_MS);
  });
  s.on('sync', resync);
  // A new identity needs a new handshake: login, logout, registration.
  let userId = useSession.getState().user?.id ?? null;
  useSession.subscribe((state, previous) => {
    const next = state.user?.id ?? null;
    if (next === userId) return;
    userId = next;
    // The first load of the session changes nothing: the handshake already carried the cookie.
    if (previous.isLoading) return;
    s.disconnect().connect();
  });
  return s;
}

/**
 * Runs `attach` with the page's socket once it is open and answers a function that detaches it (or
 * cancels, before it ran). For effects that run as the page hydrates: the client's chunk and the
 * socket (Socket.IO's manager and engine) come later, outside the hydration's long task. Nothing is
 * missed meanwhile: every screen fetched what it shows, and the socket connects after `attach` ran.
 */
export function withSocket(attach: (socket: LiveSocket) => () => void): () => void {
  let detach: (() => void) | null = null;
  let cancelled = false;
  void getSocket().then(
    (s) => {
      if (!cancelled) detach = attach(s);
    },
    // The chunk could not be fetched even after its retries (lib/lazy.ts): the page works without pushes.
    () => undefined,
  );
  return () => {
    cancelled = true;
    detach?.();
  };
}

/** Pushes may have been missed: resync listeners refetch what is shown. */
function resync(): void {
  for (const listener of resyncListeners) listener();
}

/** Calls `listener` after a reconnect or a server `sync`: whatever is shown should be refetched. */
export function onResync(listener: () => void): () => void {
  resyncListeners.add(listener);
  return () => resyncListeners.delete(listener);
}

/**
 * Watches the live counts of `ids` until the returned function is called. Watchers are counted per
 * id, and the server gets the union once per tick (`projects:watch` replaces the previous set).
 */
export function watchProjects(ids: readonly number[]): () => void {
  const unique = [...new Set(ids)];
  for (const id of unique) watched.set(id, (watched.get(id) ?? 0) + 1);
  queueWatchFlush();
  return () => {
    for (const id of unique) {
      const left = (watched.get(id) ?? 1) - 1;
      if (left > 0) watched.set(id, left);
      else watched.delete(id);
    }
    queueWatchFlush();
  };
}

function queueWatchFlush(): void {
  if (watchFlushQueued) return;
  watchFlushQueued = true;
  queueMicrotask(() => {
    watchFlushQueued = false;
    // No socket yet (it is created from a task of its own, withSocket): its 'connect' sends the set.
    if (socket?.connected) socket.emit('projects:watch', [...watched.keys()]);
  });
}

/**
 * Watches the follower count of the profile `username` (room profile:{id}) until the returned function
 * is called. The server watches one profile per socket: the one asked for last among those still
 * watched, sent once per tick (`profile:watch` replaces the previous one; null watches none).
 */
export function watchProfile(username: string): () => void {
  const entry = { username };
  watchedProfiles.push(entry);
  queueProfileFlush();
  return () => {
    const index = watchedProfiles.indexOf(entry);
    if (index !== -1) watchedProfiles.splice(index, 1);
    queueProfileFlush();
  };
}

/** The profile the server should watch for this page, or null. */
function shownProfile(): string | null {
  return watchedProfiles.at(-1)?.username ?? null;
}

function queueProfileFlush(): void {
  if (profileFlushQueued) return;
  profileFlushQueued = true;
  queueMicrotask(() => {
    profileFlushQueued = false;
    // No socket yet: its 'connect' sends the profile.
    if (socket?.connected) socket.emit('profile:watch', shownProfile());
  });
}
