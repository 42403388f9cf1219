import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { useOnline } from '../session';
import { useSyncStatus } from '../sync/status';
import { useOutboxCounts } from '../sync/view';
import { useT } from './t';

/** How long "All sent" stays after the last item went. */
const ALL_SENT_MS = 3000;

/**
 * "N waiting to send": a live count of the outbox, so it can never drift from the truth. Drawn inside the root
 * layout's live region (RootLayout.tsx), which this file is loaded into.
 */
export function SyncBadge(): ReactElement | null {
  const t = useT();
  const view = useOutboxCounts();
  const sending = useSyncStatus((s) => s.sending);
  const online = useOnline();
  const [justSent, setJustSent] = useState(false);
  const waiting = view?.waiting ?? 0;
  const failed = view?.failed ?? 0;
  // Whether something was waiting at the last render: a ref, not state, so that noting it does not re-run the
  // effect below and cancel its own timer (the strip used to stay on "All sent" until the next change).
  const hadWaiting = useRef(false);

  useEffect(() => {
    if (waiting > 0) {
      hadWaiting.current = true;
      setJustSent(false);
      return undefined;
    }
    if (!hadWaiting.current) return undefined;
    hadWaiting.current = false;
    setJustSent(true);
    const t = setTimeout(() => setJustSent(false), ALL_SENT_MS);
    return () => clearTimeout(t);
  }, [waiting]);

  let text: string | null = null;
  let tone = 'info';
  if (failed > 0) {
    text = t('app.sync.failed', { failed });
    tone = 'error';
  } else if (waiting > 0) {
    text = sending && online ? t('app.sync.sending', { waiting }) : t('app.sync.waiting', { waiting });
  } else if (justSent) {
    text = t('app.sync.allSent');
    tone = 'ok';
  }
  return text ? (
    <Link to="/outbox" className={`sync-badge ${tone}`} data-testid="sync-badge" data-waiting={waiting} data-failed={failed}>
      {text}
    </Link>
  ) : null;
}
