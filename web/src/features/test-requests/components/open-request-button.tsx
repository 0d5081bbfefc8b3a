import { useState } from 'react';
import { useLocation } from 'wouter';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useApi } from '../../../hooks/use-api';
import { apiKey, endpoints } from '../../../lib/api';
import { useSession } from '../../../stores/session';
import { RequestFormDialog, type ProjectChoice } from './request-form-dialog';

/** The signed-in member's projects to pick from: their profile's list (the same SWR key as the profile page). */
function useOwnProjects(username: string | null): ProjectChoice[] {
  const { data } = useApi(username ? apiKey(endpoints.users.profile, { params: { username } }) : null);
  return (data?.projects ?? []).map((p) => ({ value: String(p.id), label: p.title }));
}

/**
 * /test-requests' 'Open a test request' for a member with projects: the form starts with a picker
 * of their projects (the server refuses a project that already has an active request, with its 409).
 */
export function OpenRequestButton() {
  const username = useSession((s) => s.user?.username ?? null);
  const projects = useOwnProjects(username);
  const [open, setOpen] = useState(false);
  const [, navigate] = useLocation();
  if (projects.length === 0) return null;
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" />
        Open a test request
      </Button>
      {open ? (
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
