import { Suspense, type ReactNode } from 'react';
import { lazyPage } from '../lib/lazy';
import { Route, Switch } from 'wouter';
import { HomePage } from '../pages/home';
import { AboutPage } from '../pages/about';
import { NotFoundPage } from '../pages/not-found';
import { AdminOnly, SignedInOnly } from './guards';
import { PageLoading } from './page-loading';
import { PageHydratedMark, usePendingPageMark } from './hydrated-mark';

// The admin dashboard and messages area are their own bundles: most visitors never open them.
const AdminPage = lazyPage(() => import('../pages/admin'), 'default');
const MessagesPage = lazyPage(() => import('../pages/messages'), 'default');
const ContactPage = lazyPage(() => import('../pages/contact'), 'default');
// The legal pages are read rarely: their own bundles, so the landing page carries neither.
const TermsPage = lazyPage(() => import('../pages/terms'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('../pages/privacy'), 'PrivacyPage');
// Project and profile pages are their own bundles too, so the landing page downloads neither; the
// server names the chunk of the page it renders (modulepreload), so hydration does not wait for it.
const ProjectPage = lazyPage(() => import('../pages/project'), 'ProjectPage');
const UserPage = lazyPage(() => import('../pages/user'), 'UserPage');
// Test requests and settings are for members who go looking for them: their own bundles.
const TestRequestsPage = lazyPage(() => import('../pages/test-requests'), 'TestRequestsPage');
const TestRequestPage = lazyPage(() => import('../pages/test-request'), 'TestRequestPage');
const SettingsPage = lazyPage(() => import('../pages/settings'), 'SettingsPage');
const NotificationsPage = lazyPage(() => import('../pages/notifications'), 'NotificationsPage');
// Opened from a confirmation mail: rare, its own bundle.
const ConfirmEmailPage = lazyPage(() => import('../pages/confirm-email'), 'ConfirmEmailPage');
// The public moderation log: its own bundle.
const ModerationPage = lazyPage(() => import('../pages/fair-exposure'), 'ModerationPage');
// The sign-in page carries the form schemas (zod): its own bundle too.
const AuthPage = lazyPage(() => import('../pages/auth'), 'AuthPage');

function Lazy({ children }: { children: ReactNode }) {
  usePendingPageMark();
  return (
    <Suspense fallback={<PageLoading />}>
      {children}
      <PageHydratedMark />
    </Suspense>
  );
}

const Terms = () => (
  <Lazy>
    <TermsPage />
  </Lazy>
);
const Privacy = () => (
  <Lazy>
    <PrivacyPage />
  </Lazy>
);
const Notifications = () => (
  <SignedInOnly>
    <Lazy>
      <NotificationsPage />
    </Lazy>
  </SignedInOnly>
);

/** Every page's route, plus /auth; anything else is the 404 page. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/about" component={AboutPage} />
      <Route path="/contact">
        <Lazy>
          <ContactPage />
        </Lazy>
      </Route>
      <Route path="/terms" component={Terms} />
      <Route path="/privacy" component={Privacy} />
      <Route path="/auth">
        <Lazy>
          <AuthPage />
        </Lazy>
      </Route>
      <Route path="/messages">
        <SignedInOnly>
          <Lazy>
            <MessagesPage />
          </Lazy>
        </SignedInOnly>
      </Route>
      <Route path="/admin">
        <AdminOnly>
          <Lazy>
            <AdminPage />
          </Lazy>
        </AdminOnly>
      </Route>
      <Route path="/test-requests">
        <Lazy>
          <TestRequestsPage />
        </Lazy>
      </Route>
      <Route path="/test-requests/:id">
        {(params) => (
          <Lazy>
            <TestRequestPage key={params.id} id={params.id} />
          </Lazy>
        )}
      </Route>
      <Route path="/settings">
        <SignedInOnly>
          <Lazy>
            <SettingsPage />
          </Lazy>
        </SignedInOnly>
      </Route>
      <Route path="/notifications" component={Notifications} />
      <Route path="/moderation">
        <Lazy>
          <ModerationPage />
        </Lazy>
      </Route>
      <Route path="/confirm-email">
        <Lazy>
          <ConfirmEmailPage />
        </Lazy>
      </Route>
      <Route path="/users/:username">
        {(params) => (
          <Lazy>
            <UserPage key={params.username} username={params.username} />
          </Lazy>
        )}
      </Route>
      <Route path="/projects/:id">
        {(params) => (
          <Lazy>
            <ProjectPage key={params.id} id={params.id} />
          </Lazy>
        )}
      </Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
