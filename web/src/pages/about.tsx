import { BadgeCheck, Code, FlaskConical, Users } from 'lucide-react';
import { StaticPage } from '../components/static/static-page';
import { siteName } from '../lib/site';

const ROLES = [
  {
    icon: Code,
    name: 'Developer',
    text: 'Submits projects for testing and receives ratings from the community. Developers build a rating from the feedback their projects get.',
  },
  {
    icon: FlaskConical,
    name: 'Tester',
    text: 'Browses test requests, tries projects out and gives feedback. Helpful testers build a rating of their own.',
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

/** About (§2): what the site is, the roles Developer, Tester and Both, and the verified badge. */
export function AboutPage() {
  const name = siteName();
  return (
    <StaticPage title="About" description={aboutDescription(name)} schemaType="AboutPage">
      <section>
        <h2>What is {name}?</h2>
        <p>
          {name} is a community showcase for hosted projects. Members submit the projects they built, everyone can browse the latest,
          trending and top-voted projects, vote for their favourites and rate projects from 1 to 10.
        </p>
        <p>
          Visitors can browse, vote and copy links without an account. Registered members can also submit, rate and report projects and
          exchange messages with other members and the administrators.
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
          Verified members carry a special badge next to their name. Verification is granted by the administrators. Developers with at
          least 3 ratings and an average of 8 or more out of 10 also earn a rating badge: Bronze from 8, Silver from 8.5, Gold from 9 and
          Platinum from 9.5.
        </p>
      </section>
      <section>
        <h2>Fair play</h2>
        <p>
          Each project can be voted for once per member (or once per network for visitors), and each member rates a project once (a new
          rating replaces the old one). Content that breaks the rules can be reported and is reviewed by moderators.
        </p>
      </section>
    </StaticPage>
  );
}
