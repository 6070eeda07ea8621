import { Component, type ReactNode } from "react";

/** Keeps the shell alive when a page throws; resets when the route changes (keyed by pathname). */
export class PageErrorBoundary extends Component<
  { children: ReactNode; fallback: ReactNode },
  { error: unknown }
> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidCatch(error: unknown) {
    console.error("page crashed", error);
  }
  override render() {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}
