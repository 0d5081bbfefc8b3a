import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { CheckCircle2, Inbox, RotateCcw } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { COPY_CONFIRM_SENT } from '../lib/contact-form';

/** What the contact page says of a sent message (the spec's text; the panel is the only place it is said). */
const CONTACT_SENT = "Your message has been sent successfully. We'll get back to you soon.";

/**
 * The panel after a successful send (a live region: screen readers hear it; no toast repeats it): 'Send Another Message', and the inbox link for members
 * in platform mode; `copyNeedsConfirm` says the copy waits for the confirmation link.
 */
export function ContactSuccess({
  inboxLink,
  copyNeedsConfirm = false,
  onAnother,
}: {
  inboxLink: boolean;
  copyNeedsConfirm?: boolean;
  onAnother: () => void;
}) {
  // The form (and its focused button) is gone: move focus to the result so keyboard users keep their place.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div role="status" className="flex flex-col items-center px-4 py-10 text-center">
      <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-green-100 text-green-600 dark:bg-green-950 dark:text-green-400">
        <CheckCircle2 className="size-7" aria-hidden="true" />
      </div>
      <h2
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight text-zinc-900 outline-none dark:text-zinc-50"
      >
        Message Sent Successfully
      </h2>
      <p className="mt-2 max-w-sm text-sm text-zinc-600 dark:text-zinc-400">
        {CONTACT_SENT}
        {inboxLink ? ' Replies will appear in your messages inbox.' : null}
      </p>
      {copyNeedsConfirm ? (
        <p className="mt-2 max-w-sm text-sm font-medium text-zinc-800 dark:text-zinc-200">{COPY_CONFIRM_SENT}</p>
      ) : null}
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={onAnother}>
          <RotateCcw aria-hidden="true" />
          Send Another Message
        </Button>
        {inboxLink ? (
          <Link href="/messages" className={buttonClasses()}>
            <Inbox aria-hidden="true" />
            Go to Messages
          </Link>
        ) : null}
      </div>
    </div>
  );
}
