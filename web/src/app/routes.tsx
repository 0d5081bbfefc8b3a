import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from '../pages/home';
import { AboutPage } from '../pages/about';
import { TermsPage } from '../pages/terms';
import { PrivacyPage } from '../pages/privacy';
import { ProjectPage } from '../pages/project';
import { UserPage } from '../pages/user';
import { NotFoundPage } from '../pages/not-found';
import { TestRequestsPage } from '../pages/test-requests';
import { TestRequestPage } from '../pages/test-request';
import { SettingsPage } from '../pages/settings';
import { AdminOnly, SignedInOnly } from './guards';
import { PageLoading } from './page-loading';

// The admin dashboard and messages area are their own bundles (issue 4): most visitors never open them.
const AdminPage = lazy(() => import('../pages/admin'));
const MessagesPage = lazy(() => import('../pages/messages'));
const ContactPage = lazy(() => import('../pages/contact'));
// The sign-in page carries the form schemas (zod): its own bundle too.
const AuthPage = lazy(() => import('../pages/auth').then((m) => ({ default: m.AuthPage })));

function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** Every route of spec §2, plus /auth; anything else is the 404 page. */
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
      <Route path="/terms" component={TermsPage} />
      <Route path="/privacy" component={PrivacyPage} />
      <Route path="/auth">
        <Lazy>
          <AuthPage />
        </Lazy>
      </Route>
      <Route path="/messages">
        <SignedInOnly signedOutMessage="Please log in to view your messages">
          <Lazy>
            <MessagesPage />
          </Lazy>
        </SignedInOnly>
      </Route>
      <Route path="/admin">
        <AdminOnly signedOutMessage="Please log in to access the admin dashboard">
          <Lazy>
            <AdminPage />
          </Lazy>
        </AdminOnly>
      </Route>
      <Route path="/test-requests" component={TestRequestsPage} />
      <Route path="/test-requests/:id">{(params) => <TestRequestPage key={params.id} id={params.id} />}</Route>
      <Route path="/settings">
        <SignedInOnly signedOutMessage="Please log in to change your settings">
          <SettingsPage />
        </SignedInOnly>
      </Route>
      <Route path="/users/:username">{(params) => <UserPage key={params.username} username={params.username} />}</Route>
      <Route path="/projects/:id">{(params) => <ProjectPage key={params.id} id={params.id} />}</Route>
      <Route component={NotFoundPage} />
    </Switch>
  );
}
