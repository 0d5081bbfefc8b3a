import { useState } from 'react';
import { RATING_MAX, RATING_MIN } from '@vitrine/domain/constants';
import { feedbackSchema } from '@vitrine/domain/schemas/test-request';
import type { TestRequestDetail } from '@vitrine/domain/types';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, Textarea } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { useSchemaForm, useFormSubmit } from '../../../lib/form';
import { saveFeedback } from '../api/actions';

const SCORES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => String(RATING_MIN + i)).map((v) => ({
  value: v,
  label: `${v}/10`,
}));

/** The form's values for the stored feedback (empty without one). */
function feedbackValues(mine: TestRequestDetail['myFeedback']) {
  return {
    worked: mine?.worked ?? '',
    problems: mine?.problems ?? '',
    suggestions: mine?.suggestions ?? '',
    score: mine ? String(mine.score) : '',
  };
}

/**
 * A joined tester's structured feedback (what worked, problems found, suggestions, 1-10 score), editable
 * until completion. A newer stored feedback (this save, or one from another tab) refills it in place:
 * the form stays mounted, so focus stays on its button after a save.
 */
export function FeedbackForm({ request }: { request: TestRequestDetail }) {
  const mine = request.myFeedback;
  const form = useSchemaForm(feedbackSchema, feedbackValues(mine));
  const savedAt = mine?.updatedAt ?? null;
  const [shownAt, setShownAt] = useState(savedAt);
  if (savedAt !== shownAt) {
    setShownAt(savedAt);
    form.reset(feedbackValues(mine));
  }
  const { run } = useToastedAction();
  const { pending, onSubmit } = useFormSubmit(
    form.validate,
    (input) =>
      run('feedback', () => saveFeedback(request.id, input), {
        success: { title: mine ? 'Feedback updated' : 'Feedback sent', description: 'The owner can read it now.' },
        failure: (error) => ({ title: 'Feedback failed', description: errorMessage(error, 'Please try again.') }),
      }),
    { focusInvalid: true },
  );
  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
        {mine ? 'Your feedback' : 'Send your feedback'}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-4 flex flex-col gap-4">
        <Field label="What worked" error={form.errors.worked}>
          {(p) => (
            <Textarea {...p} rows={3} value={form.values.worked} onChange={(e) => form.set('worked', e.target.value)} />
          )}
        </Field>
        <Field label="Problems found" error={form.errors.problems}>
          {(p) => (
            <Textarea
              {...p}
              rows={3}
              value={form.values.problems}
              onChange={(e) => form.set('problems', e.target.value)}
            />
          )}
        </Field>
        <Field label="Suggestions" error={form.errors.suggestions}>
          {(p) => (
            <Textarea
              {...p}
              rows={3}
              value={form.values.suggestions}
              onChange={(e) => form.set('suggestions', e.target.value)}
            />
          )}
        </Field>
        <Field label="Score" error={form.errors.score} className="sm:max-w-40">
          {(p) => (
            <Select
              {...p}
              options={SCORES}
              placeholder="Choose"
              value={form.values.score}
              onValueChange={(v) => form.set('score', v)}
            />
          )}
        </Field>
        <div>
          <Button type="submit" loading={pending}>
            {mine ? 'Update Feedback' : 'Send Feedback'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
