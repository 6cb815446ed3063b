import { Component, type ReactNode } from 'react';
import { RouteErrorPage } from './RouteErrorPage';

type State = { failed: boolean };

/**
 * PageErrorBoundary catches a page that throws while rendering, most often because its code
 * could not be downloaded, and shows RouteErrorPage in its place inside the frame.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('A page failed to render', error);
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}
