import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

type State = { failed: boolean };

type Props = {
  children: ReactNode;
  /** fallback replaces RouteErrorPage; null suits an extra that the page works without. */
  fallback?: ReactNode;
};

/**
 * PageErrorBoundary catches a page that throws while rendering, most often because its code
 * could not be downloaded, and shows RouteErrorPage in its place inside the frame.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed to render', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback === undefined ? <RouteErrorPage /> : this.props.fallback;
  }
}
