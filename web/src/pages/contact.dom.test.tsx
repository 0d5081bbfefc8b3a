import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { endpoints } from '../lib/api';
import { renderRoute } from '../testing/render-route';
import { answer, refusal, server } from '../testing/server';

describe('the contact page', () => {
  it('a refused send is said once, under the form, not also as a toast; what was typed stays', async () => {
    const words = 'Too many messages. Please try again later.';
    const sent: Array<{ url: string; body: unknown }> = [];
    server.use(answer(endpoints.messages.contact, refusal(429, words), sent));
    const { user } = renderRoute('/contact');
    const panel = await screen.findByRole('tabpanel');
    await user.type(within(panel).getByLabelText('Subject'), 'Refused here');
    await user.type(within(panel).getByLabelText('Message'), 'This one will not get through.');
    await user.click(within(panel).getByRole('button', { name: 'Send Message' }));
    const alert = await within(panel).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to send message');
    expect(alert).toHaveTextContent(words);
    expect(sent).toHaveLength(1);
    expect(screen.getAllByText(words, { exact: false })).toHaveLength(1);
    expect(within(panel).getByLabelText('Subject')).toHaveValue('Refused here');
  });

  it('Cancel goes home', async () => {
    server.use(answer(endpoints.projects.latest, []), answer(fairExposureEndpoints.rising, []));
    const { user } = renderRoute('/contact');
    const panel = await screen.findByRole('tabpanel');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(window.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { name: 'Showcase Your Projects' })).toBeVisible();
  });
});
