import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { endpoints } from '../lib/api';
import { aMember, aProfile } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, refusal, server } from '../testing/server';

/** The home page's reads, with no project yet, and a member's own profile (their first steps). */
const HOME = () => [
  answer(endpoints.projects.latest, []),
  answer(fairExposureEndpoints.rising, []),
  answer(endpoints.users.profile, (_request, { username }) => aProfile(username, { projects: [] })),
];

describe('sign-up', () => {
  it('shows a taken username once, at its field, which gets focus; success leaves focus in the page', async () => {
    const joined = aMember({ id: 40, username: 'taken_namex', emailVerified: false });
    server.use(
      ...HOME(),
      answer(endpoints.auth.register, async (request) => {
        const body = (await request.json()) as { username: string };
        return body.username === 'taken_name' ? refusal(409, 'Username already exists') : joined;
      }),
    );
    const { user } = renderRoute('/');
    await user.click((await screen.findAllByRole('button', { name: 'Log in' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Welcome to Vitrine' });
    await user.click(within(dialog).getByRole('tab', { name: 'Sign Up' }));
    const panel = within(dialog).getByRole('tabpanel', { name: 'Sign Up' });
    await user.type(within(panel).getByLabelText('Username'), 'taken_name');
    await user.type(within(panel).getByLabelText('Password'), 'e2e-lantern-harbour-1');
    await user.type(within(panel).getByLabelText('Confirm password'), 'e2e-lantern-harbour-1');
    await user.click(within(panel).getByRole('button', { name: 'Create account' }));
    expect(await within(panel).findByText('Username already exists')).toBeVisible();
    await waitFor(() => expect(within(panel).getByLabelText('Username')).toHaveFocus());
    // Said once, at the field: no toast repeats it.
    expect(screen.getAllByText('Username already exists')).toHaveLength(1);
    expect(screen.queryByText('Registration failed')).not.toBeInTheDocument();

    await user.type(within(panel).getByLabelText('Username'), 'x');
    await user.click(within(panel).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration successful', { exact: true })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome to Vitrine' })).not.toBeInTheDocument());
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
    expect(document.activeElement).not.toBeNull();
  });
});

describe('the route announcer', () => {
  it('announces a client-side navigation with the new page title', async () => {
    renderRoute('/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About' })).toBeVisible();
    window.history.pushState(null, '', '/terms');
    await waitFor(() => expect(screen.getByTestId('route-announcer')).toHaveTextContent(/Terms of Service/));
  });
});

describe('the Submit Your Project dialog', () => {
  it('keeps a half-typed project through Escape and shows it when opened again', async () => {
    server.use(...HOME());
    const { user } = renderRoute('/', { user: aMember() });
    const open = async () => user.click((await screen.findAllByRole('button', { name: 'Submit Your Project' }))[0]!);
    await open();
    const dialog = await screen.findByRole('dialog', { name: 'Submit Your Project' });
    await user.type(within(dialog).getByLabelText('Title'), 'Half typed');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Submit Your Project' })).not.toBeInTheDocument());
    await open();
    const again = await screen.findByRole('dialog', { name: 'Submit Your Project' });
    expect(within(again).getByLabelText('Title')).toHaveValue('Half typed');
  });
});
