import { useState, type FormEvent } from 'react';
import { mutate } from 'swr';
import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import type { Media, ProjectDetail } from '@vitrine/domain/answers';
import { MEDIA_PER_PROJECT } from '@vitrine/domain/schemas/media';
import { mediaEndpoints } from '@vitrine/domain/endpoints-media';
import { callApi, errorMessage } from '../../../../lib/api';
import { uploadApi } from '../../../../lib/api-upload';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/field';
import { toast } from '../../../../components/ui/toast';
import { projectKey } from '../../api/keys';
import { revalidateProjects } from '../../api/revalidate';
import { MediaPicture } from './media-picture';

/** The image types the upload accepts (the server checks the file itself). */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/avif,image/gif';

/** Refreshes the project page and every list showing its cover. */
async function refresh(projectId: number): Promise<void> {
  await Promise.all([mutate<ProjectDetail>(projectKey(projectId)), revalidateProjects()]);
}

/** Runs a change, then refreshes; a failure is told in a toast with the server's message. */
async function change(projectId: number, work: () => Promise<unknown>, failure: string): Promise<boolean> {
  try {
    await work();
    await refresh(projectId);
    return true;
  } catch (error) {
    toast({ title: failure, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });
    return false;
  }
}

/** Adds an image: the file and its alt text. */
function UploadForm({ projectId, full }: { projectId: number; full: boolean }) {
  const [busy, setBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) {
      toast({ title: 'Choose an image to upload.', variant: 'destructive' });
      return;
    }
    setBusy(true);
    const ok = await change(
      projectId,
      () => uploadApi(mediaEndpoints.add, { params: { id: projectId } }, data),
      'Could not add the image',
    );
    setBusy(false);
    if (ok) {
      form.reset();
      toast({ title: 'Image added' });
    }
  };
  return (
    <form onSubmit={onSubmit} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <Field label="Image file" hint="PNG, JPEG, WebP, AVIF or GIF, up to 8 MB">
        {(p) => <Input {...p} name="file" type="file" accept={ACCEPT} required disabled={full} className="pt-2" />}
      </Field>
      <Field label="Alt text" hint="What the image shows">
        {(p) => <Input {...p} name="alt" maxLength={500} disabled={full} />}
      </Field>
      <Button type="submit" loading={busy} disabled={full} className="mb-6">
        <ImagePlus aria-hidden="true" />
        Add image
      </Button>
    </form>
  );
}

/** One image's row: its thumbnail, alt text, moves and delete. */
function MediaRow({ projectId, item, index, count }: { projectId: number; item: Media; index: number; count: number }) {
  const [alt, setAlt] = useState(item.alt);
  const label = `image ${index + 1}`;
  const edit = (body: { alt?: string; position?: number }, failure: string) =>
    change(
      projectId,
      () => callApi(mediaEndpoints.edit, { params: { id: projectId, mediaId: item.id }, body }),
      failure,
    );
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <MediaPicture media={item} sizes="6rem" className="aspect-video w-24 rounded object-cover" />
      <form
        className="flex min-w-0 flex-1 items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void edit({ alt }, 'Could not save the alt text');
        }}
      >
        <Field label={`Alt text of ${label}`} className="min-w-0 flex-1">
          {(p) => <Input {...p} value={alt} maxLength={500} onChange={(e) => setAlt(e.target.value)} />}
        </Field>
        <Button type="submit" variant="outline" className="mb-6">
          Save
        </Button>
      </form>
      <div className="flex gap-1">
        <Button
          variant="outline"
          size="icon"
          aria-label={`Move ${label} earlier`}
          disabled={index === 0}
          onClick={() => void edit({ position: index - 1 }, 'Could not move the image')}
        >
          <ArrowUp aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={`Move ${label} later`}
          disabled={index === count - 1}
          onClick={() => void edit({ position: index + 1 }, 'Could not move the image')}
        >
          <ArrowDown aria-hidden="true" />
        </Button>
        <Button
          variant="outline"
          size="icon"
          aria-label={`Delete ${label}`}
          onClick={() =>
            void change(
              projectId,
              () => callApi(mediaEndpoints.remove, { params: { id: projectId, mediaId: item.id } }),
              'Could not delete the image',
            )
          }
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}

/** The owner's images panel: add (up to MEDIA_PER_PROJECT), alt texts, order (the first is the cover), delete. */
export function MediaManager({ project }: { project: ProjectDetail }) {
  const count = project.media.length;
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-zinc-900 dark:text-zinc-50">Manage images</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {count} of {MEDIA_PER_PROJECT} images. The first image is the cover.
      </p>
      <div className="mt-4">
        <UploadForm projectId={project.id} full={count >= MEDIA_PER_PROJECT} />
      </div>
      {count > 0 ? (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {project.media.map((item, i) => (
            <MediaRow key={`${item.id}-${item.alt}`} projectId={project.id} item={item} index={i} count={count} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
