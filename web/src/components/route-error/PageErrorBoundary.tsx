import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

type State = { failed: boolean; error?: unknown; resetKey?: string };

type Props = {
  children: ReactNode;
  /** resetKey clears a failure when it changes (the page's path), without remounting the page. */
  resetKey?: string;
  /** fallback replaces RouteErrorPage; null suits an extra that the page works without. */
  fallback?: ReactNode;
};

/**
 * PageErrorBoundary catches a page that throws while rendering, most often because its code or
 * the data it can't do without (the survey's definition) could not be had, and shows
 * RouteErrorPage in its place inside the frame.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, error };
  }

  // A new path starts fresh. Clearing the failure here, instead of keying the boundary by path,
  // keeps the rest of the tree (the sign-in guard, the survey screen) mounted from step to step.
  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { failed: false, error: undefined, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed to render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback === undefined ? <RouteErrorPage error={this.state.error} /> : this.props.fallback;
  }
}
