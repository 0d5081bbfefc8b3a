import { useState } from 'react';
import { useLocation } from 'wouter';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useDialogs } from '../../../stores/dialogs';
import { useSession } from '../../../stores/session';
import { useOwnProjects } from '../../../hooks/use-own-projects';
import { RequestFormDialog } from './request-form-dialog';

/** What a member without a project is told when they ask to open a test request. */
const NO_PROJECT_YET = 'A test request is about one of your projects: submit one first.';

/**
 * /test-requests' 'Open a test request', for every member from the server's first page on (it never
 * appears later and moves the page): the form starts with a picker of their projects (the server
 * refuses a project that already has an active request, with its 409). A click while the projects
 * load opens the form once they are there; a member without a project is offered the Submit Project
 * form instead.
 */
export function OpenRequestButton() {
  const username = useSession((s) => s.user?.username ?? null);
  const projects = useOwnProjects();
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  const show = useDialogs((s) => s.show);
  if (!username) return null;
  const ask = () => {
    if (projects?.length === 0) show('submit', { note: NO_PROJECT_YET });
    else setOpen(true);
  };
  return (
    <>
      <Button size="sm" onClick={ask}>
        <Plus aria-hidden="true" />
        Open a test request
      </Button>
      {open && projects && projects.length > 0 ? (
        <RequestFormDialog
          projectId={null}
          projects={projects}
          onOpenChange={setOpen}
          onSaved={(id) => navigate(`/test-requests/${id}`)}
        />
      ) : null}
    </>
  );
}
