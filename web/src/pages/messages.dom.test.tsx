import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { endpoints } from '../lib/api';
import { expectNoAxeViolations } from '../testing/axe';
import { aMember, aMessage } from '../testing/answers';
import { renderRoute } from '../testing/render-route';
import { answer, listPage, server } from '../testing/server';

const recipient = aMember({ id: 9, username: 'grace_reader', email: 'grace@example.com' });

/** The server's page size of the inbox (docs/api.md "Paging"). */
const PAGE = 50;

describe('a long inbox', () => {
  it("shows its newest 50, and Load more messages the rest (the Link header's next page), with the keyboard", async () => {
    // Newest first: message 54 down to message 00.
    const messages = Array.from({ length: 55 }, (_, i) =>
      aMessage({
        id: 1000 + i,
        subject: `Page test ${String(i).padStart(2, '0')}`,
        recipientUserId: recipient.id,
        recipientUsername: recipient.username,
      }),
    ).reverse();
    const asked: Array<{ url: string; body: unknown }> = [];
    server.use(
      answer(
        endpoints.messages.list,
        (request) =>
          new URL(request.url).searchParams.has('before')
            ? listPage(messages.slice(PAGE), null)
            : listPage(messages.slice(0, PAGE), `/api/messages?before=${messages[PAGE - 1]!.id}&limit=${PAGE}`),
        asked,
      ),
    );
    const { container, user } = renderRoute('/messages', { user: recipient });
    const list = await screen.findByRole('list', { name: 'Messages' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(50));
    const cards = () => within(list).getAllByRole('article');
    expect(cards()[0]).toHaveTextContent('Page test 54');
    expect(cards().at(-1)).toHaveTextContent('Page test 05');

    const more = screen.getByRole('button', { name: 'Load more messages' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(cards()).toHaveLength(55));
    expect(cards().at(-1)).toHaveTextContent('Page test 00');
    expect(screen.queryByRole('button', { name: 'Load more messages' })).toBeNull();
    expect(asked.map((r) => new URL(r.url).search).at(-1)).toBe(`?before=${messages[PAGE - 1]!.id}&limit=${PAGE}`);
    await expectNoAxeViolations(container);
  });
});
