import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fairExposureEndpoints } from '@vitrine/domain/endpoints-fair-exposure';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { aMember, aNotification, aProfile } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, server } from '../testing/server';

// An unread notification's link starts "Unread: " (jsdom's name computation drops the space).
const fan = aMember({ id: 9, username: 'grace_fan', email: 'grace@example.com' });

describe("a maker's profile, seen by another member", () => {
  it("follows the maker: the button turns to Following with the answer's count, with no serious axe violations", async () => {
    const sent: Array<{ url: string; body: unknown }> = [];
    server.use(
      answer(endpoints.users.profile, aProfile('ada_dev')),
      answer(endpoints.notifications.follow, { following: true, followers: 7 }, sent),
    );
    const { container, user } = renderRoute('/users/ada_dev', { user: fan });
    const followers = (count: string) => (_: string, node: Element | null) =>
      node?.textContent === count && node.className.includes('tabular');
    expect(await screen.findByText(followers('0 followers'))).toBeVisible();
    await user.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByRole('button', { name: 'Following' })).toBeVisible();
    expect(screen.getByText(followers('7 followers'))).toBeVisible();
    expect(sent.map((r) => new URL(r.url).pathname)).toEqual(['/api/users/ada_dev/follow']);
    await expectNoAxeViolations(container);
  });
});

describe('the notification centre', () => {
  it('/notifications lists an unread notification, with no serious axe violations', async () => {
    server.use(answer(endpoints.notifications.list, [aNotification()]));
    const { container } = renderRoute('/notifications', { user: fan });
    const main = await screen.findByRole('main');
    expect((await within(main).findAllByRole('link', { name: /^Unread:/ })).length).toBe(1);
    await expectNoAxeViolations(container);
  });

  it("the header's bell opens a panel with the unread one, with no serious axe violations", async () => {
    server.use(
      answer(endpoints.notifications.unreadCount, { count: 1 }),
      answer(endpoints.notifications.list, [aNotification()]),
      answer(endpoints.projects.latest, []),
      answer(fairExposureEndpoints.rising, []),
      answer(endpoints.users.profile, aProfile(fan.username)),
    );
    const { container, user } = renderRoute('/', { user: fan });
    await user.click((await screen.findAllByRole('button', { name: /^Notifications/ }))[0]!);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findAllByRole('link', { name: /^Unread:/ })).toHaveLength(1);
    await expectNoAxeViolations(container);
  });
});
