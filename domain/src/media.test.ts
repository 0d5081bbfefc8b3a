import { describe, expect, it } from 'vitest';
import {
  MEDIA_MAX_ASPECT,
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  mediaShapeRefusal,
  mediaSizeRefusal,
} from './schemas/media';

describe('the limits of an upload, shared by the server and the browser', () => {
  it('refuses a file over MEDIA_MAX_BYTES with the size message', () => {
    expect(mediaSizeRefusal(MEDIA_MAX_BYTES)).toBeNull();
    expect(mediaSizeRefusal(MEDIA_MAX_BYTES + 1)).toBe(MEDIA_MESSAGES.tooLarge);
    expect(MEDIA_MESSAGES.tooLarge).toBe('Images can be up to 8 MB.');
  });

  it('refuses more than 40 megapixels, and one side more than MEDIA_MAX_ASPECT times the other', () => {
    expect(mediaShapeRefusal(8000, 5000)).toBeNull();
    expect(mediaShapeRefusal(8000, 5001)).toBe(MEDIA_MESSAGES.tooManyPixels);
    expect(mediaShapeRefusal(100, 100 * MEDIA_MAX_ASPECT)).toBeNull();
    expect(mediaShapeRefusal(100, 100 * MEDIA_MAX_ASPECT + 1)).toBe(MEDIA_MESSAGES.tooNarrow);
    expect(mediaShapeRefusal(100 * MEDIA_MAX_ASPECT + 1, 100)).toBe(MEDIA_MESSAGES.tooNarrow);
  });
});
