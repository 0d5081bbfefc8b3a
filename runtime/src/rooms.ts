import { createHash } from 'node:crypto';
import { rooms } from '@vitrine/domain/events';

/**
 * Which rooms a signed-in socket is in, decided from the account and kept in step with it
 * (docs/operations.md "Realtime"). Besides the push rooms (`user:{id}`, `admins`), every signed-in
 * socket is in two handle rooms that nothing is ever pushed to: `account:{id}` (every socket of the
 * account, so a demote, pause or delete reaches them all) and `session:{hash}` (the sockets of one
 * sign-in, so signing out reaches only those).
 */

/** The account's handle room. */
export function accountRoom(userId: number): string {
  return `account:${userId}`;
}

/** Characters of the session id's SHA-256 (base64url) kept in its room name. */
const SESSION_ROOM_HASH_LENGTH = 22;

/** The handle room of one session: a hash of its id, so the id itself never travels through Redis pub/sub. */
export function sessionRoom(sessionId: string): string {
  return `session:${createHash('sha256').update(sessionId).digest('base64url').slice(0, SESSION_ROOM_HASH_LENGTH)}`;
}

/** The account flags the push rooms follow. */
export interface RoomAccount {
  id: number;
  isAdmin: boolean;
  isPaused: boolean;
}

/** Every push room an account of this id can be in. */
export function privateRoomsOf(userId: number): string[] {
  return [rooms.user(userId), rooms.admins];
}

/** The push rooms an account grants: none while paused; its own room; `admins` for an admin. */
export function grantedRooms(account: RoomAccount): string[] {
  if (account.isPaused) return [];
  return account.isAdmin ? [rooms.user(account.id), rooms.admins] : [rooms.user(account.id)];
}

/** The room operations of a selection of sockets. */
interface RoomSelection {
  socketsJoin(rooms: string | string[]): void;
  socketsLeave(rooms: string | string[]): void;
}

/** What the rooms operations need: Socket.IO's server and the Redis emitter both fit (cluster-wide with the Redis adapter). */
export interface RoomOperator {
  in(room: string): RoomSelection & { except(room: string): RoomSelection };
}

/**
 * Moves every socket of account `userId`, on every API node, into the push rooms `account` grants and
 * out of the others; a deleted account (`null`) leaves its handle room too, so its sockets stay
 * connected as a visitor's (public pushes only).
 */
export function applyAccountRooms(operator: RoomOperator, userId: number, account: RoomAccount | null): void {
  const sockets = operator.in(accountRoom(userId));
  const granted = account ? grantedRooms(account) : [];
  const refused = privateRoomsOf(userId).filter((room) => !granted.includes(room));
  sockets.socketsLeave(account ? refused : [...refused, accountRoom(userId)]);
  if (granted.length > 0) sockets.socketsJoin(granted);
}

/** Takes the sockets of a signed-out session out of every private room of `userId`, on every API node. */
export function leaveSessionRooms(operator: RoomOperator, sessionId: string, userId: number): void {
  const room = sessionRoom(sessionId);
  operator.in(room).socketsLeave([...privateRoomsOf(userId), accountRoom(userId), room]);
}

/**
 * After a password change: every socket of account `userId` except those of the session
 * `keepSessionId` (the one that changed it) leaves the private rooms and the account's handle room,
 * on every API node; they stay connected as a visitor's.
 */
export function leaveOtherSessionRooms(operator: RoomOperator, userId: number, keepSessionId: string): void {
  operator
    .in(accountRoom(userId))
    .except(sessionRoom(keepSessionId))
    .socketsLeave([...privateRoomsOf(userId), accountRoom(userId)]);
}

/** What disconnecting needs: Socket.IO's server and the Redis emitter both fit. */
export interface SocketCloser {
  in(room: string): { disconnectSockets(close?: boolean): void };
}

/** Disconnects every socket of account `userId`, on every API node (the member deleted their account). */
export function closeAccountSockets(operator: SocketCloser, userId: number): void {
  operator.in(accountRoom(userId)).disconnectSockets(true);
}
