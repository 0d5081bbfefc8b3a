import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';

interface Props {
  children: ReactNode;
  /** A new value (the location) clears a caught error: moving to another page tries again. */
  resetKey: string;
  /** What stands in for a part that failed; the page panel below unless said (null for dialogs). */
  fallback?: (retry: () => void) => ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

/** The panel in place of a page that failed to render or to load: what happened and a way out. */
function FailedPage({ retry }: { retry: () => void }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <EmptyState
        icon={TriangleAlert}
        tone="error"
        headingLevel={1}
        title="This page could not be shown"
        description={
          typeof navigator !== 'undefined' && !navigator.onLine
            ? 'You are offline. It will load once the connection is back.'
            : 'Something went wrong while loading it. Try again, or reload the page.'
        }
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button onClick={retry}>Try again</Button>
            <Button variant="outline" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </div>
        }
      />
    </div>
  );
}

/**
 * Catches what a part of the tree throws while rendering (a lazy chunk that could not load, a bug), so
 * the rest of the app stays on screen: never an empty page. Retrying renders the part again; a lazy
 * chunk asks the network again (lib/lazy.ts forgets failed loads).
 */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  retry = () => this.setState({ error: null });

  render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.retry) : <FailedPage retry={this.retry} />;
  }
}
