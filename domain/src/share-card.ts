/** Share-card image size (OpenGraph's recommended 1.91:1). */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** What a project's share card shows; a change to any of these makes a new card. */
export interface ShareCardFields {
  title: string;
  category: string;
  votes: number;
  averageRating: number | string;
  totalRatings: number;
  username: string | null;
}

/**
 * A short version of a project's card: a hash (32-bit FNV-1a, hex) of what the card shows. It goes
 * in the card's address, so link previews that cache by address fetch the new card after an edit
 * or a vote, and the server caches each rendered card under it.
 */
export function shareCardVersion(fields: ShareCardFields): string {
  const text = JSON.stringify([
    fields.title,
    fields.category,
    fields.votes,
    Number(fields.averageRating).toFixed(1),
    fields.totalRatings,
    fields.username,
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
