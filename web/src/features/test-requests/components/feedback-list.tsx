import { CircleCheck, Lightbulb, ThumbsUp } from 'lucide-react';
import { Link } from 'wouter';
import { sitePaths } from '@vitrine/domain/site-paths';
import type { FeedbackView, TestRequestDetail } from '@vitrine/domain/answers';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useFocusResult } from '../../../hooks/use-focus-result';
import { useToastedAction } from '../../../hooks/use-toasted-action';
import { errorMessage } from '../../../lib/api';
import { formatRelative } from '../../../lib/format';
import { markHelpful } from '../api/actions';

function Part({ label, text }: { label: string; text: string }) {
  if (!text) return null;
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line text-sm text-zinc-800 dark:text-zinc-200">{text}</dd>
    </div>
  );
}

function FeedbackItem({ feedback, request }: { feedback: FeedbackView; request: TestRequestDetail }) {
  const action = useToastedAction();
  const busy = action.busy !== null;
  // Mark helpful leaves with its press: focus goes to the card, now badged Helpful.
  const focusResult = useFocusResult();
  const cardId = `feedback-${feedback.id}`;
  const onHelpful = () =>
    action.run('helpful', () => markHelpful(request.id, feedback.id), {
      success: { title: 'Marked helpful', description: `${feedback.testerUsername} earns activity points.` },
      onSuccess: () => focusResult(cardId),
      failure: (error) => ({ title: 'Action failed', description: errorMessage(error, 'Please try again.') }),
    });
  return (
    <Card
      id={cardId}
      tabIndex={-1}
      role="article"
      aria-label={`Feedback from ${feedback.testerUsername}`}
      className="p-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <span className="font-semibold text-zinc-900 dark:text-zinc-50">{feedback.testerUsername}</span>{' '}
          <span className="text-zinc-600 dark:text-zinc-400">· {formatRelative(feedback.updatedAt)}</span>
        </p>
        <div className="flex items-center gap-2">
          <Badge color="accent" className="tabular">
            Score {feedback.score}/10
          </Badge>
          {feedback.isHelpful ? (
            <Badge color="green">
              <Lightbulb aria-hidden="true" />
              Helpful
            </Badge>
          ) : null}
        </div>
      </div>
      {feedback.addressedBy ? (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
          <Badge color="green">
            <CircleCheck aria-hidden="true" />
            Addressed
          </Badge>
          <span className="min-w-0 break-words">
            in{' '}
            <Link
              href={`${sitePaths.project(feedback.addressedBy.projectId)}#update-${feedback.addressedBy.id}`}
              className="font-medium text-accent-700 underline dark:text-accent-300"
            >
              {feedback.addressedBy.title}
            </Link>
          </span>
        </p>
      ) : null}
      <dl className="mt-3 flex flex-col gap-3">
        <Part label="What worked" text={feedback.worked} />
        <Part label="Problems found" text={feedback.problems} />
        <Part label="Suggestions" text={feedback.suggestions} />
      </dl>
      {request.viewer.isOwner && !feedback.isHelpful ? (
        <Button size="sm" variant="outline" className="mt-4" loading={busy} onClick={() => void onHelpful()}>
          <ThumbsUp aria-hidden="true" />
          Mark helpful
        </Button>
      ) : null}
    </Card>
  );
}

/** Every tester's feedback for the owner, the testers and admins; others see the count only. */
export function FeedbackList({ request }: { request: TestRequestDetail }) {
  if (request.feedback === null) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {request.feedbackCount} {request.feedbackCount === 1 ? 'tester has' : 'testers have'} sent feedback. Feedback is
        visible to the owner and the testers.
      </p>
    );
  }
  if (request.feedback.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No feedback yet.</p>;
  return (
    <ul className="flex flex-col gap-4">
      {request.feedback.map((f) => (
        <li key={f.id}>
          <FeedbackItem feedback={f} request={request} />
        </li>
      ))}
    </ul>
  );
}
