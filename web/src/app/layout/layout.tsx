import { Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useShallow } from 'zustand/react/shallow';
import { useDialogs } from '../../stores/dialogs';
import { lazyNamed, lazyPage, onFirstInteraction } from '../../lib/lazy';
import { preloadToaster } from '../../components/ui/toast';
import { Header } from './header';
import { Footer } from './footer';
import { FloatingSubmitButton } from './floating-submit';
import { ConnectionBanner } from './connection-banner';
import { PausedBanner } from './paused-banner';
import { RouteAnnouncer } from './route-announcer';
import { ErrorBoundary } from '../error-boundary';

// The Contact Admin dialog belongs to the contact feature (pages/contact.tsx exports it).
const ContactAdminDialog = lazyPage(() => import('../../pages/contact'), 'ContactAdminDialog');

// Dialogs (and the zod schemas of their forms) load apart from the first bundle, fetched once the
// visitor starts interacting (a reader who only reads never downloads them).
const AuthDialog = lazyNamed(() => import('../../features/auth/auth-dialog'), 'AuthDialog');
const SubmitProjectDialog = lazyNamed(
  () => import('../../features/projects/components/submit-project-dialog'),
  'SubmitProjectDialog',
);

/** The app-wide dialogs, driven by the dialogs store; each mounts while open. */
function AppDialogs() {
  const { open, note, close } = useDialogs(useShallow((s) => ({ open: s.open, note: s.note, close: s.close })));
  useEffect(() => {
    return onFirstInteraction(() => {
      preloadToaster();
      void AuthDialog.preload();
      void SubmitProjectDialog.preload();
    });
  }, []);
  const onOpenChange = (next: boolean) => {
    if (!next) close();
  };
  return (
    <>
      <Suspense fallback={null}>
        {open === 'auth' ? <AuthDialog open onOpenChange={onOpenChange} /> : null}
        {open === 'submit' ? <SubmitProjectDialog open onOpenChange={onOpenChange} note={note} /> : null}
        {open === 'contactAdmin' ? <ContactAdminDialog open onOpenChange={onOpenChange} /> : null}
      </Suspense>
    </>
  );
}

/** Page frame: skip link, header, main content, footer, the home page's floating button, dialogs. */
export function Layout({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:fixed focus:left-4 focus:top-4 dark:bg-zinc-900"
      >
        Skip to content
      </a>
      <Header />
      <PausedBanner />
      <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] flex-1 outline-none">
        <ErrorBoundary resetKey={location}>{children}</ErrorBoundary>
      </main>
      <Footer />
      {location === '/' ? <FloatingSubmitButton /> : null}
      <ErrorBoundary resetKey={location} fallback={() => null}>
        <AppDialogs />
      </ErrorBoundary>
      <ConnectionBanner />
      <RouteAnnouncer />
    </div>
  );
}
