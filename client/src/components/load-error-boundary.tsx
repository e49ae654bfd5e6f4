import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

/**
 * What a page shows when a part of the app fails to load or render (issue 43): a lazy chunk the phone
 * could not download (signal lost) or that a deploy replaced (the old file is gone), instead of a blank
 * screen. "Reload" loads the app again; it clears nothing: the operator's outbox (IndexedDB) and every
 * local setting stay. Its texts are in the `common` namespace, loaded at boot, so they show when every
 * later download fails.
 */
function LoadErrorPanel() {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className="mx-auto flex min-h-[50vh] max-w-md flex-col items-center justify-center gap-3 p-6 text-center"
    >
      <h1 className="text-xl font-semibold">{t('loadError.title')}</h1>
      <p className="text-sm text-muted-foreground">{t('loadError.body')}</p>
      <Button onClick={() => window.location.reload()}>{t('loadError.reload')}</Button>
    </div>
  );
}

type Props = { children: ReactNode; resetKey: string };
type State = { failed: boolean; resetKey: string };

/** Catches a render or load error below it; a new `resetKey` (another page) tries its children again. */
class LoadErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <LoadErrorPanel /> : this.props.children;
  }
}

/** The boundary around a route's page: going to another page tries again. */
export function RouteLoadBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <LoadErrorBoundary resetKey={pathname}>{children}</LoadErrorBoundary>;
}
