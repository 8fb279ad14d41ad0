import { Component, type ReactNode } from "react";
import { RouteError } from "./routes/route-error";

type Props = {
  children: ReactNode /** Changing it (the address) clears a caught error. */;
  resetKey: string;
};
type State = { error: unknown; resetKey: string };

/**
 * What the data router's `errorElement` did: an error thrown while rendering a page, or a
 * page's chunk that fails to load after a deploy, shows RouteError instead of a blank screen;
 * moving to another address tries again.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error("Erro desconhecido") };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
