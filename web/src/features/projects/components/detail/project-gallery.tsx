import { useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { Media } from '@vitrine/domain/answers';
import { Dialog } from '../../../../components/ui/dialog';
import { Button } from '../../../../components/ui/button';
import { MediaPicture } from './media-picture';

/** The lightbox: one picture large, Previous / Next buttons and the arrow keys, Escape closes. */
function Lightbox({
  media,
  index,
  onIndex,
  onClose,
}: {
  media: Media[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const current = media[index]!;
  const go = (step: number) => onIndex((index + step + media.length) % media.length);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Image ${index + 1} of ${media.length}`}
      description={current.alt || undefined}
      width="64rem"
    >
      <div onKeyDown={onKeyDown} className="flex flex-col gap-3">
        <MediaPicture
          key={current.id}
          media={current}
          sizes="(min-width:1024px) 64rem, 100vw"
          loading="eager"
          className="max-h-[70vh] w-full rounded-lg bg-zinc-100 object-contain dark:bg-zinc-800"
        />
        {media.length > 1 ? (
          <div className="flex items-center justify-between gap-2">
            <Button variant="outline" onClick={() => go(-1)}>
              <ChevronLeft aria-hidden="true" />
              Previous image
            </Button>
            <Button variant="outline" onClick={() => go(1)}>
              Next image
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}

/**
 * The project's pictures: the cover large, the rest as a row of thumbnails; each is a button that
 * opens the lightbox (a modal dialog; arrow keys move, Escape closes, focus returns to the thumbnail).
 */
export function ProjectGallery({ media }: { media: Media[] }) {
  const [open, setOpen] = useState<number | null>(null);
  if (media.length === 0) return null;
  return (
    <section aria-labelledby="gallery-heading">
      <h2 id="gallery-heading" className="mb-3 text-lg font-semibold text-zinc-900 dark:text-zinc-50">
        Screenshots
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {media.map((item, i) => (
          <li key={item.id} className={i === 0 ? 'col-span-2 row-span-2' : undefined}>
            <button
              type="button"
              onClick={() => setOpen(i)}
              aria-label={`Open image ${i + 1} of ${media.length}${item.alt ? `: ${item.alt}` : ''}`}
              className="block w-full overflow-hidden rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-accent-500 focus-visible:ring-offset-2 dark:focus-visible:ring-offset-zinc-950"
            >
              <MediaPicture
                media={item}
                sizes={i === 0 ? '(min-width:1024px) 36rem, 100vw' : '(min-width:640px) 12rem, 50vw'}
                loading={i === 0 ? 'eager' : 'lazy'}
                className="aspect-video w-full bg-zinc-100 object-cover transition-transform hover:scale-[1.02] dark:bg-zinc-800"
              />
            </button>
          </li>
        ))}
      </ul>
      {open !== null && media[open] ? (
        <Lightbox media={media} index={open} onIndex={setOpen} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
