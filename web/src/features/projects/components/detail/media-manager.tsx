import { useRef, useState, type FormEvent } from 'react';
import { mutate } from 'swr';
import { ArrowDown, ArrowUp, ImagePlus, Trash2 } from 'lucide-react';
import type { Media, ProjectDetail } from '@vitrine/domain/answers';
import { MEDIA_MESSAGES, MEDIA_PER_PROJECT } from '@vitrine/domain/schemas/media';
import { mediaEndpoints } from '@vitrine/domain/endpoints-media';
import { callApi, errorMessage } from '../../../../lib/api';
import { uploadApi } from '../../../../lib/api-upload';
import { Button } from '../../../../components/ui/button';
import { Card } from '../../../../components/ui/card';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { Field, Input } from '../../../../components/ui/field';
import { toast } from '../../../../components/ui/toast';
import { useFocusResult } from '../../../../hooks/use-focus-result';
import { projectKey } from '../../api/keys';
import { revalidateProjects } from '../../api/revalidate';
import { uploadRefusal } from '../../lib/upload-check';
import { MediaPicture } from './media-picture';

/** The image types the upload accepts (the server checks the file itself). */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/avif,image/gif';

/** The file field's hint: the types, then the server's size limit in its words ('Images can be up to 8 MB.'). */
const UPLOAD_HINT = `PNG, JPEG, WebP, AVIF or GIF. ${MEDIA_MESSAGES.tooLarge}`;

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

/** The id of an image's alt text field. */
const altFieldId = (mediaId: number) => `media-${mediaId}-alt`;

/** What an image added without alt text is told, at the alt text field that then takes focus. */
const ALT_TEXT_PROMPT = 'Describe what it shows in its alt text, for people who cannot see it.';

/**
 * Adds an image: the file and its alt text. The chosen file is checked against the server's limits
 * (size, pixels, shape: lib/upload-check.ts) as soon as it is picked and again on submit, so nothing
 * is sent that the server would refuse; a refusal, the browser's or the server's, shows at the file
 * field in the server's words and the field takes focus. An image added without alt text asks for
 * it: focus goes to the new image's alt text field, with ALT_TEXT_PROMPT.
 */
function UploadForm({ projectId, full }: { projectId: number; full: boolean }) {
  const [busy, setBusy] = useState(false);
  const focusResult = useFocusResult();
  const [fileError, setFileError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const refuse = (message: string) => {
    setFileError(message);
    fileInput.current?.focus();
  };
  const onFileChange = async (input: HTMLInputElement) => {
    setFileError(null);
    const file = input.files?.[0];
    if (!file) return;
    const refusal = await uploadRefusal(file);
    // Only while the same file is still chosen.
    if (refusal && input.files?.[0] === file) setFileError(refusal);
  };
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get('file');
    if (!(file instanceof File) || file.size === 0) {
      refuse(MEDIA_MESSAGES.noFile);
      return;
    }
    setBusy(true);
    try {
      const refusal = await uploadRefusal(file);
      if (refusal) {
        refuse(refusal);
        return;
      }
      const added = await uploadApi(mediaEndpoints.add, { params: { id: projectId } }, data);
      await refresh(projectId);
      form.reset();
      setFileError(null);
      if (added.alt.trim() === '') {
        toast({ title: 'Image added', description: ALT_TEXT_PROMPT });
        focusResult(altFieldId(added.id));
      } else toast({ title: 'Image added' });
    } catch (error) {
      refuse(errorMessage(error, 'Could not add the image. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
    >
      <Field label="Image file" hint={UPLOAD_HINT} error={fileError ?? undefined}>
        {(p) => (
          <Input
            {...p}
            ref={fileInput}
            name="file"
            type="file"
            accept={ACCEPT}
            required
            disabled={full}
            className="pt-2"
            onChange={(event) => void onFileChange(event.currentTarget)}
          />
        )}
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

/** The id of the images panel's heading. */
const HEADING_ID = 'manage-images-heading';

/** An image's alt text and its Save; follows the saved text when it changes on the server. */
function AltForm({
  id,
  label,
  saved,
  onSave,
}: {
  id: string;
  label: string;
  saved: string;
  onSave: (alt: string) => Promise<unknown>;
}) {
  const [alt, setAlt] = useState(saved);
  const [shown, setShown] = useState(saved);
  const [saving, setSaving] = useState(false);
  if (shown !== saved) {
    setShown(saved);
    setAlt(saved);
  }
  return (
    <form
      className="flex min-w-0 flex-1 items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (saving) return;
        setSaving(true);
        void onSave(alt).finally(() => setSaving(false));
      }}
    >
      <Field id={id} label={`Alt text of ${label}`} className="min-w-0 flex-1">
        {(p) => <Input {...p} value={alt} maxLength={500} onChange={(e) => setAlt(e.target.value)} />}
      </Field>
      <Button type="submit" variant="outline" className="mb-6" loading={saving}>
        Save
      </Button>
    </form>
  );
}

/**
 * One image's row: its thumbnail, alt text, moves and delete (which asks first). The row keeps its
 * place (keyed by the image's id) when its alt text is saved, so focus stays on Save or in the field;
 * when a deleted image's row goes, focus moves to the next image's Delete, else the previous one's,
 * else the panel's heading (lib/focus.ts, through the confirmation dialog).
 */
function MediaRow({
  projectId,
  item,
  index,
  count,
  onDelete,
}: {
  projectId: number;
  item: Media;
  index: number;
  count: number;
  onDelete: () => void;
}) {
  const label = `image ${index + 1}`;
  const edit = (body: { alt?: string; position?: number }, failure: string) =>
    change(
      projectId,
      () => callApi(mediaEndpoints.edit, { params: { id: projectId, mediaId: item.id }, body }),
      failure,
    );
  return (
    <li data-focus-row className="flex flex-wrap items-center gap-3 py-3">
      <MediaPicture media={item} sizes="6rem" className="aspect-video w-24 rounded object-cover" />
      <AltForm
        id={altFieldId(item.id)}
        label={label}
        saved={item.alt}
        onSave={(alt) => edit({ alt }, 'Could not save the alt text')}
      />
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
        <span data-focus-actions className="contents">
          <Button variant="outline" size="icon" aria-label={`Delete ${label}`} onClick={onDelete}>
            <Trash2 aria-hidden="true" />
          </Button>
        </span>
      </div>
    </li>
  );
}

/** The owner's images panel: add (up to MEDIA_PER_PROJECT), alt texts, order (the first is the cover), delete. */
export function MediaManager({ project }: { project: ProjectDetail }) {
  const count = project.media.length;
  // The image whose Delete asks for confirmation, and its label then.
  const [deleting, setDeleting] = useState<{ item: Media; label: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async (item: Media) => {
    setBusy(true);
    const removed = await change(
      project.id,
      () => callApi(mediaEndpoints.remove, { params: { id: project.id, mediaId: item.id } }),
      'Could not delete the image',
    );
    if (removed) return;
    setBusy(false);
    setDeleting(null);
  };
  // A deleted image's dialog closes in the render that drops its row: focus then goes to a neighbour
  // (components/ui/dialog.tsx), never to the row while it is still going.
  if (deleting && !project.media.some((m) => m.id === deleting.item.id)) {
    setDeleting(null);
    setBusy(false);
  }
  return (
    <Card className="p-5" data-focus-region>
      <h2
        id={HEADING_ID}
        tabIndex={-1}
        data-focus-heading
        className="text-lg font-semibold text-zinc-900 dark:text-zinc-50"
      >
        Manage images
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        {count} of {MEDIA_PER_PROJECT} images. The first image is the cover.
      </p>
      <div className="mt-4">
        <UploadForm projectId={project.id} full={count >= MEDIA_PER_PROJECT} />
      </div>
      {count > 0 ? (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {project.media.map((item, i) => (
            <MediaRow
              key={item.id}
              projectId={project.id}
              item={item}
              index={i}
              count={count}
              onDelete={() => setDeleting({ item, label: `image ${i + 1}` })}
            />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? `Delete ${deleting.label}?` : 'Delete image?'}
        message="The picture and its alt text are removed from the project for good. This cannot be undone."
        confirmLabel="Delete image"
        busy={busy}
        onConfirm={() => {
          if (deleting) void remove(deleting.item);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Card>
  );
}
