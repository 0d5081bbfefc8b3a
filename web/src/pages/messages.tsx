import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { ArrowLeft, Inbox, LayoutDashboard, Mail, Send } from 'lucide-react';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { TabPanel, Tabs } from '../components/ui/tabs';
import { useDocumentTitle } from '../lib/site';
import { useSession } from '../stores/session';
import { ContactForm } from '../features/contact/components/contact-form';
import { InboxList } from '../features/messages/components/inbox-list';
import { DirectMessageForm } from '../features/messages/components/direct-message-form';
import { useUnreadCount } from '../features/messages/api/use-unread-count';
import { useUserOptions } from '../features/messages/api/use-user-options';

type MessagesTab = 'inbox' | 'contact' | 'compose';

/** A tab's form inside a card with its heading. */
function FormCard({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h2>
      <p className="mb-5 mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      {children}
    </Card>
  );
}

/** The Message User tab: the recipient picker lists every other user. */
function MessageUserTab({ meId, onSent }: { meId: number; onSent: () => void }) {
  const { data, error } = useUserOptions();
  const recipients = data?.filter((u) => u.id !== meId);
  return (
    <FormCard title="Message User" description="Send a private message to another member. It appears in their inbox.">
      <DirectMessageForm
        endpoint="/api/messages"
        recipients={recipients}
        recipientsError={Boolean(error)}
        onSent={onSent}
      />
    </FormCard>
  );
}

/** The page's title, its line of explanation, Back to Home and (admins) the dashboard link. */
function MessagesHeading({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">Messages</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
          Your conversations with the administrators and other members.
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link href="/" className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" />
          Back to Home
        </Link>
        {isAdmin ? (
          <Link href="/admin" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            <LayoutDashboard aria-hidden="true" />
            Go to Admin Dashboard
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** A tab's label with its icon (hidden on phones). */
function TabLabel({ icon: Icon, children }: { icon: typeof Mail; children: ReactNode }) {
  return (
    <>
      <Icon className="hidden size-4 sm:block" aria-hidden="true" />
      {children}
    </>
  );
}

/** The Inbox tab's label with the unread count. */
function InboxTabLabel({ unread }: { unread: number }) {
  return (
    <TabLabel icon={Inbox}>
      Inbox
      {unread > 0 ? (
        <span className="tabular rounded-full bg-accent-600 px-1.5 text-[11px] font-semibold leading-5 text-white">
          {unread}
          <span className="sr-only"> unread</span>
        </span>
      ) : null}
    </TabLabel>
  );
}

/**
 * The Messages page (/messages): Inbox, Contact Admin and Message User tabs. The route is
 * guarded (signed-in only), so a user is always present here; after sending, the Inbox shows the
 * new message.
 */
export default function MessagesPage() {
  useDocumentTitle('Messages');
  const user = useSession(useShallow((s) => s.user));
  const [tab, setTab] = useState<MessagesTab>('inbox');
  // After a send the form's tab is replaced by the Inbox: its tab takes focus, not the body.
  const tabs = useRef<HTMLDivElement>(null);
  const [sends, setSends] = useState(0);
  useEffect(() => {
    if (sends > 0) tabs.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  }, [sends]);
  const unread = useUnreadCount(Boolean(user));

  if (!user) {
    return (
      <p className="mx-auto max-w-4xl px-4 py-10 text-sm text-zinc-600 sm:px-6 dark:text-zinc-400">
        Please log in to view your messages
      </p>
    );
  }
  const viewer = { id: user.id, isAdmin: user.isAdmin };
  const toInbox = () => {
    setTab('inbox');
    setSends((n) => n + 1);
  };

  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <MessagesHeading isAdmin={user.isAdmin} />

      <div ref={tabs}>
        <Tabs<MessagesTab>
          className="mt-8"
          label="Messages"
          value={tab}
          onValueChange={setTab}
          fullWidth
          listClassName="sm:inline-flex sm:w-auto"
          items={[
            { value: 'inbox', label: <InboxTabLabel unread={unread} /> },
            { value: 'contact', label: <TabLabel icon={Mail}>Contact Admin</TabLabel> },
            { value: 'compose', label: <TabLabel icon={Send}>Message User</TabLabel> },
          ]}
        >
          <TabPanel value="inbox">
            <h2 className="sr-only">Inbox</h2>
            <InboxList source="mine" viewer={viewer} />
          </TabPanel>
          <TabPanel value="contact">
            <FormCard
              title="Contact Admin"
              description="Send a message to the site administrators. Their reply will appear in your inbox."
            >
              <ContactForm
                mode="platform"
                viewer={{ id: user.id, username: user.username, email: user.email, emailVerified: user.emailVerified }}
                successDescription="Your message has been sent to the administrators."
                onSent={toInbox}
              />
            </FormCard>
          </TabPanel>
          <TabPanel value="compose">
            <MessageUserTab meId={user.id} onSent={toInbox} />
          </TabPanel>
        </Tabs>
      </div>
    </div>
  );
}
