import { useState, type FormEvent } from 'react';
import { Star } from 'lucide-react';
import { isBefore } from 'date-fns';
import { RATING_MAX, RATING_MIN } from '@vitrine/domain/constants';
import type { GivenRating, TestRequestDetail } from '@vitrine/domain/types';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { formatDate } from '../../../lib/format';
import { rateParticipant } from '../api/actions';

const OPTIONS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => String(RATING_MIN + i)).map((v) => ({
  value: v,
  label: `${v}/10`,
}));

type Rateable = TestRequestDetail['rateable'][number];

/**
 * The state of one rating form and its submit: a rating is required, the note is optional. `locked`
 * once the given rating can no longer be changed.
 */
function useRateRow(requestId: number, target: Rateable, given: GivenRating | undefined) {
  const [rating, setRating] = useState(given ? String(given.rating) : '');
  const [note, setNote] = useState(given?.feedback ?? '');
  const action = useToastedAction();
  const busy = action.busy !== null;
  const [error, setError] = useState<string | undefined>();
  // The moment the row was first shown: a rating whose 7 days end while the page is open stays editable until then (the server decides).
  const [shownAt] = useState(() => Date.now());
  const locked = given !== undefined && isBefore(given.editableUntil, shownAt);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!rating) {
      setError('Please choose a rating');
      return;
    }
    setError(undefined);
    await action.run(
      'rate',
      () =>
        rateParticipant(requestId, {
          ratedUserId: target.userId,
          rating: Number(rating),
          feedback: note.trim() || null,
        }),
      {
        success: (result) => ({
          title: result.updated ? 'Rating updated' : 'Rating submitted',
          description: `You rated ${target.username} ${rating}/10.`,
        }),
        failure: (err) => ({
          title: 'Rating failed',
          description: errorMessage(err, 'There was an error submitting your rating.'),
        }),
      },
    );
  };
  return { rating, setRating, note, setNote, busy, error, locked, onSubmit };
}

/**
 * Submit or Update (unless locked), and the rating given: until when it can be changed, or that it no
 * longer can.
 */
function RateRowFooter({ given, locked, busy }: { given: GivenRating | undefined; locked: boolean; busy: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {locked ? null : (
        <Button type="submit" size="sm" loading={busy}>
          <Star aria-hidden="true" />
          {given ? 'Update rating' : 'Submit rating'}
        </Button>
      )}
      {given ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {locked
            ? 'Ratings can be changed for 7 days.'
            : `You rated ${given.rating}/10 · editable until ${formatDate(given.editableUntil)}`}
        </p>
      ) : null}
    </div>
  );
}

/** The rating form of one participant: a 1-10 rating and an optional note. */
function RateRow({
  requestId,
  target,
  given,
}: {
  requestId: number;
  target: Rateable;
  given: GivenRating | undefined;
}) {
  const { rating, setRating, note, setNote, busy, error, locked, onSubmit } = useRateRow(requestId, target, given);
  const what = target.ratingType === 'tester' ? 'as a tester' : 'as a developer';
  return (
    <li className="border-t border-zinc-100 py-4 first:border-t-0 first:pt-0 dark:border-zinc-800">
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="flex flex-col gap-3">
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Rate {target.username} <span className="font-normal text-zinc-600 dark:text-zinc-400">{what}</span>
        </p>
        <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <Field label="Rating" error={error}>
            {(p) => (
              <Select
                {...p}
                options={OPTIONS}
                placeholder="Choose"
                value={rating}
                onValueChange={setRating}
                disabled={locked}
              />
            )}
          </Field>
          <Field label="Note (optional)">
            {(p) => (
              <Textarea
                {...p}
                rows={2}
                maxLength={500}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                disabled={locked}
              />
            )}
          </Field>
        </div>
        <RateRowFooter given={given} locked={locked} busy={busy} />
      </form>
    </li>
  );
}

/** After completion: the owner rates each tester, each tester rates the owner (1-10 and a note). */
export function RatePanel({ request }: { request: TestRequestDetail }) {
  if (request.rateable.length === 0) return null;
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">Ratings</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        The request is completed: rate each other from 1 to 10. A rating can be changed for 7 days.
      </p>
      <ul className="mt-4">
        {request.rateable.map((target) => (
          <RateRow
            key={target.userId}
            requestId={request.id}
            target={target}
            given={request.myRatings.find((r) => r.ratedUserId === target.userId)}
          />
        ))}
      </ul>
    </Card>
  );
}
