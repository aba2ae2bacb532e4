/**
 * Catches a page that throws while rendering, or whose lazily loaded code cannot be fetched (a flaky
 * connection, or a deploy that replaced the chunks), and says 'Something went wrong. Please try again
 * later.' instead of leaving a blank screen. The layout keys it by path, so navigating elsewhere
 * recovers. React itself logs the error (its default onCaughtError). Hand-written rather than react-error-boundary: it sits in the entry chunk every customer
 * page loads, where each kilobyte counts against the budget.
 */
import { Component, type ReactNode } from 'react';
import { RENDER_FAILED } from '#shared/texts/render-errors';

interface State {
  failed: boolean;
}

export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p className="error-message" role="alert">
        {RENDER_FAILED}
      </p>
    );
  }
}
