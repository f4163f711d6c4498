import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';
import { RouteErrorView } from '../components/route-error';

type Props = { location: Location; children: ReactNode };
type State = { error: unknown; location: Location; failed: boolean };

/**
 * The router's error boundary: a page that throws while rendering (or a lazy page whose
 * chunk fails to load) shows the route error view; navigating elsewhere tries again.
 * React itself logs the caught error to the console.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: undefined, location: this.props.location, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.location !== state.location) return { location: props.location, error: undefined, failed: false };
    return null;
  }

  render() {
    return this.state.failed ? <RouteErrorView error={this.state.error} /> : this.props.children;
  }
}
