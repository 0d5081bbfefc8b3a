import { Copy, ExternalLink, Flag, Pencil } from 'lucide-react';
import { TOOLTIP_DELAY_PROJECT_MS } from '@vitrine/domain/constants';
import type { ProjectDetail } from '@vitrine/domain/types';
import { Button, buttonClasses } from '../../../../components/ui/button';
import { toast } from '../../../../components/ui/toast';
import { Tooltip } from '../../../../components/ui/tooltip';
import { copyText } from '../../../../lib/clipboard';
import { useSession } from '../../../../stores/session';
import { externalLinkLabel } from '../../lib/links';
import { VoteButton } from '../vote-button';
import { useIsOwner } from '../../hooks/use-is-owner';

/** Copies the page address with the toasts. */
async function copyLink() {
  const ok = await copyText(window.location.href);
  if (ok) toast({ title: 'Link copied', description: 'The project link is on your clipboard.' });
  else toast({ title: 'Copy failed', description: 'Please copy the URL manually.', variant: 'destructive' });
}

/** The project page's buttons: open the project, Vote, Edit (owner or admin), Copy link, Report (not for the owner). */
export function ProjectActions({
  project,
  onEdit,
  onReport,
}: {
  project: ProjectDetail;
  onEdit: () => void;
  onReport: () => void;
}) {
  const user = useSession((s) => s.user);
  const own = useIsOwner(project);
  return (
    <div className="mt-6 flex flex-wrap gap-2">
      <a href={project.replitUrl} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
        <ExternalLink aria-hidden="true" />
        {externalLinkLabel(project.replitUrl)}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
      <VoteButton project={project} surface="page" size="md" />
      {user && project.canEdit ? (
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      <Tooltip content="Copy link" openDelay={TOOLTIP_DELAY_PROJECT_MS}>
        <Button variant="outline" size="icon" aria-label="Copy link" onClick={() => void copyLink()}>
          <Copy aria-hidden="true" />
        </Button>
      </Tooltip>
      {own ? null : (
        <Tooltip content="Report this project" openDelay={TOOLTIP_DELAY_PROJECT_MS}>
          <Button variant="outline" size="icon" aria-label="Report" onClick={onReport}>
            <Flag aria-hidden="true" />
          </Button>
        </Tooltip>
      )}
    </div>
  );
}
