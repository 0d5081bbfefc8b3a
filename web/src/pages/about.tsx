import { Link } from 'wouter';
import { BadgeCheck, ClipboardList, Code, FlaskConical, Users } from 'lucide-react';
import { StaticPage } from '../components/static/static-page';
import { siteName } from '../lib/site';

const ROLES = [
  {
    icon: Code,
    name: 'Developer',
    text: 'Submits projects for testing and receives ratings from the community. Developers open test requests and are rated by their testers.',
  },
  {
    icon: FlaskConical,
    name: 'Tester',
    text: 'Browses test requests and gives feedback. Testers are rated by the developers whose projects they tested.',
  },
  {
    icon: Users,
    name: 'Both',
    text: 'Does both: submits projects and tests the projects of others. This is the default role at sign-up.',
  },
];

/** The About page's description. */
export function aboutDescription(name: string): string {
  return `What ${name} is, who it is for, and how it works.`;
}

/** How a test request runs, from opening to mutual ratings. */
function TestRequestFlow() {
  return (
    <section>
      <h2 className="flex items-center gap-2">
        <ClipboardList className="size-5 text-accent-600 dark:text-accent-400" aria-hidden="true" />
        Test requests and tester ratings
      </h2>
      <ol>
        <li>
          A developer opens a test request for one of their projects: a title, what to test, the skills needed, a
          deadline and how many testers (1 to 50). A project has at most one active request at a time.
        </li>
        <li>
          Testers (and members whose role is both) browse the <Link href="/test-requests">open test requests</Link>,
          filter them by skill and category, and join until the places are taken or the deadline passes. They may leave
          before completion.
        </li>
        <li>
          Each tester writes structured feedback: what worked, problems found, suggestions and a score from 1 to 10. The
          developer is told live, and can mark feedback helpful, which earns the tester activity points.
        </li>
        <li>
          The developer moves the request from open to in progress to completed, or cancels it. Testers are told when
          the status changes.
        </li>
        <li>
          Once it is completed, the developer rates each tester (their tester rating) and each tester rates the
          developer (their developer rating): 1 to 10 with an optional note, once per request, changeable for 7 days.
        </li>
      </ol>
      <p>
        Choose your role, bio, email and whether to get email copies of these notices in{' '}
        <Link href="/settings">Settings</Link>.
      </p>
    </section>
  );
}

/** About: what the site is, the roles Developer, Tester and Both, and the verified badge. */
export function AboutPage() {
  const name = siteName();
  return (
    <StaticPage title="About" description={aboutDescription(name)} schemaType="AboutPage">
      <section>
        <h2>What is {name}?</h2>
        <p>
          {name} is a community showcase for hosted projects. Members submit the projects they built, everyone can
          browse the latest, trending and top-voted projects, vote for their favourites and rate projects from 1 to 10.
        </p>
        <p>
          Visitors can browse, vote and copy links without an account. Registered members can also submit, rate and
          report projects and exchange messages with other members and the administrators.
        </p>
      </section>
      <section>
        <h2>Roles</h2>
        <p>Everyone chooses a role at sign-up. The role can be changed later in the profile settings.</p>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {ROLES.map(({ icon: Icon, name: role, text }) => (
            <li key={role} className="!ml-0 !list-none rounded-xl border border-zinc-200 p-4 dark:border-zinc-800">
              <Icon className="size-5 text-accent-600 dark:text-accent-400" aria-hidden="true" />
              <h3 className="mt-2 font-semibold text-zinc-900 dark:text-zinc-50">{role}</h3>
              <p className="mt-1 text-sm leading-6">{text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h2 className="flex items-center gap-2">
          <BadgeCheck className="size-5 text-accent-600 dark:text-accent-400" aria-hidden="true" />
          The verified badge
        </h2>
        <p>
          Verified members carry a special badge next to their name. Verification is granted by the administrators and
          stays separate from the rating badges: each role earns its own tier from that role&apos;s average rating out
          of 10, once it has at least 3 ratings. Platinum at 9.5 or above, Gold at 9 or above, Silver at 8.5 or above,
          Bronze at 8 or above; no badge with fewer than 3 ratings or an average below 8. The badges show on profiles,
          test requests and the header menu.
        </p>
      </section>
      <TestRequestFlow />
      <section>
        <h2>Fair play</h2>
        <p>
          Each project can be voted for once per member (or once per network for visitors), and each member rates a
          project once (a new rating replaces the old one). Content that breaks the rules can be reported and is
          reviewed by moderators.
        </p>
      </section>
    </StaticPage>
  );
}
