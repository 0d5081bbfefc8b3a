import { MEDIA_MESSAGES } from '@vitrine/domain/schemas/media';
import type { MediaSettings } from '@vitrine/runtime/config';
import { Gate } from '../heavy-reads';
import { createMediaStore, type MediaStore } from './storage';

/**
 * Pictures processed at once per node: decoding and encoding are CPU bound (libvips runs them on the
 * thread pool, off the event loop), so a few at a time keep the other requests answered.
 */
const PROCESSING_CONCURRENCY = 2;
/** Uploads waiting their turn per node; one more is refused at once (503 MEDIA_MESSAGES.busy, Retry-After). */
const PROCESSING_QUEUE = 8;

/** The media part of Deps: the configured store and this node's processing gate. */
export function createMedia(settings: MediaSettings, store?: MediaStore): { store: MediaStore; processing: Gate } {
  return {
    store: store ?? createMediaStore(settings),
    processing: new Gate(PROCESSING_CONCURRENCY, PROCESSING_QUEUE, MEDIA_MESSAGES.busy),
  };
}
