import { useRouter } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { BackIcon } from './icons';
import { useT } from './t';

/**
 * A visible "Back" for screens without a back bar (the ballots): one step back in the app's history, or
 * `fallbackTo` when the screen was the first of the visit (a QR code, a shared link).
 */
export function BackButton({ fallbackTo, label }: { fallbackTo: string; label?: string }): ReactElement {
  const t = useT();
  const router = useRouter();
  const back = () => {
    if (router.history.canGoBack()) router.history.back();
    else void router.navigate({ to: fallbackTo });
  };
  return (
    <button type="button" className="back-button" onClick={back}>
      <BackIcon />
      <span>{label ?? t('ui.back')}</span>
    </button>
  );
}
