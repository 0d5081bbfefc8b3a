import { useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { ArrowRight, Clock, FileText, Info, Mail, MessageSquare, Shield } from 'lucide-react';
import { Card } from '../components/ui/card';
import { TabPanel, Tabs } from '../components/ui/tabs';
import { useDocumentTitle, useMetaDescription } from '../lib/site';
import { useSession } from '../stores/session';
import { ContactForm, EMPTY_CONTACT_FORM } from '../features/contact/components/contact-form';
import { ContactSuccess } from '../features/contact/components/contact-success';
import { contactFields, type ContactFormValues, type ContactMode } from '../features/contact/lib/contact-form';
import { CONTACT_DESCRIPTION } from '../features/contact/lib/contact-page';

/** The header's 'Contact Admin' dialog lives in the contact feature; app/layout lazy-loads it from here. */
export { ContactAdminDialog } from '../features/contact/components/contact-admin-dialog';

const QUICK_LINKS = [
  { href: '/about', label: 'About', icon: Info },
  { href: '/terms', label: 'Terms of Service', icon: FileText },
  { href: '/privacy', label: 'Privacy Policy', icon: Shield },
];

/** One item of the side panel. */
function InfoItem({ icon: Icon, title, children }: { icon: typeof Mail; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div>
        <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{title}</p>
        <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{children}</p>
      </div>
    </li>
  );
}

/** The side panel: how messages are handled, and quick links to about, terms and privacy. */
function SidePanel() {
  return (
    <aside className="flex flex-col gap-4" aria-label="Contact information">
      <Card className="p-5">
        <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">How we reply</h2>
        <ul className="mt-4 flex flex-col gap-4">
          <InfoItem icon={MessageSquare} title="Platform Message">
            Goes to the administrators&apos; inbox. Signed in, you read the reply under Messages.
          </InfoItem>
          <InfoItem icon={Mail} title="Email Contact">
            We answer by email at the address you give, so you can hear back without an account.
          </InfoItem>
          <InfoItem icon={Clock} title="Response time">
            We usually reply within two working days.
          </InfoItem>
        </ul>
      </Card>
      <Card className="p-5">
        <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">Quick links</h2>
        <ul className="mt-3 flex flex-col">
          {QUICK_LINKS.map(({ href, label, icon: Icon }) => (
            <li key={href}>
              <Link
                href={href}
                className="group -mx-2 flex items-center gap-2 rounded-md px-2 py-2 text-sm text-zinc-700 transition-colors hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50"
              >
                <Icon className="size-4 text-zinc-500" aria-hidden="true" />
                {label}
                <ArrowRight
                  className="ml-auto size-4 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Card>
    </aside>
  );
}

/**
 * The Contact page (/contact): 'Platform Message' and 'Email Contact' tabs over one form, a
 * side panel, and the 'Message Sent Successfully' panel after sending.
 */
export default function ContactPage() {
  useDocumentTitle('Contact');
  useMetaDescription(CONTACT_DESCRIPTION);
  const user = useSession(
    useShallow((s) =>
      s.user
        ? { id: s.user.id, username: s.user.username, email: s.user.email, emailVerified: s.user.emailVerified }
        : null,
    ),
  );
  const [, navigate] = useLocation();
  const [mode, setMode] = useState<ContactMode>('platform');
  // After a send: true, or 'confirm' / 'sent' for what happens to the copy.
  const [sent, setSent] = useState<boolean | 'confirm' | 'sent'>(false);
  // One set of values for both modes: switching tabs keeps what was typed.
  const values = useState<ContactFormValues>(EMPTY_CONTACT_FORM);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
      <div className="max-w-2xl">
        <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 sm:text-3xl dark:text-zinc-50">
          Contact Us
        </h1>
        <p className="mt-2 text-sm text-zinc-600 sm:text-base dark:text-zinc-400">
          Questions, feedback or a problem with a project? Send the administrators a message.
        </p>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card className="p-4 sm:p-6 lg:col-span-2 lg:self-start">
          {sent ? (
            <ContactSuccess
              inboxLink={contactFields(mode, user).inboxLink}
              copyNeedsConfirm={sent === 'confirm'}
              onAnother={() => setSent(false)}
            />
          ) : (
            <Tabs<ContactMode>
              label="How to contact us"
              value={mode}
              onValueChange={setMode}
              fullWidth
              items={[
                { value: 'platform', label: 'Platform Message' },
                { value: 'email', label: 'Email Contact' },
              ]}
            >
              {(['platform', 'email'] as const).map((m) => (
                <TabPanel key={m} value={m} className="mt-6">
                  <ContactForm
                    mode={m}
                    viewer={user}
                    onSent={(copy) => setSent(copy ?? true)}
                    onCancel={() => navigate('/')}
                    state={values}
                  />
                </TabPanel>
              ))}
            </Tabs>
          )}
        </Card>
        <SidePanel />
      </div>
    </div>
  );
}
