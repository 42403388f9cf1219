import { useEffect, useState, useSyncExternalStore, type ReactElement } from 'react';
import {
  dismiss, installMode, installOffer, isAppleSafari, isDismissed, isStandalone, justInstalled, noteOfferedAfterVote, offeredAfterVote, onInstallChange, spendOffer, type InstallMode,
} from './install';
import { tNodes, useT } from './installT';
import './install.css';

/** Which offer this device gets now; re-read when the browser makes or withdraws its offer. */
function useInstallMode(): [InstallMode, () => void] {
  // The visitor's own answer, kept in state too so "No thanks" hides the offer at once.
  const [dismissed, setDismissed] = useState(isDismissed);
  const snapshot = () => installMode({
    standalone: isStandalone(),
    installed: justInstalled(),
    dismissed,
    offered: installOffer() !== null,
    appleSafari: isAppleSafari(navigator.userAgent, navigator.maxTouchPoints),
  });
  // A server render (the build's prerender in Node: issue #32) knows of no offer: nothing, as a first visit shows.
  const mode = useSyncExternalStore(onInstallChange, snapshot, () => null);
  return [
    mode,
    () => {
      dismiss();
      setDismissed(true);
    },
  ];
}

/**
 * "Install Town Square" where the browser offers it (Chromium's beforeinstallprompt), or Safari's steps on an
 * iPhone or iPad, which has no prompt; nothing once installed, running from the home screen, or answered
 * "No thanks". `where`: on More it stays until answered; after a vote it comes once.
 */
export function InstallOffer({ where }: { where: 'more' | 'vote' }): ReactElement | null {
  const t = useT();
  const [mode, noThanks] = useInstallMode();
  // After a vote: only if it has never been offered there (read once, so it does not vanish as it is noted).
  const [allowed] = useState(() => where === 'more' || !offeredAfterVote());
  const shown = allowed && mode !== null;
  useEffect(() => {
    if (shown && where === 'vote') noteOfferedAfterVote();
  }, [shown, where]);
  if (!shown) return null;
  const Heading = where === 'vote' ? 'h3' : 'h2';

  const install = async () => {
    const offer = installOffer();
    if (!offer) return;
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    // The event shows its dialog once. Closing the browser's dialog is an answer too: not asked again.
    if (outcome === 'dismissed') noThanks();
    spendOffer(outcome === 'accepted');
  };

  return (
    <section className="card install-offer" aria-labelledby={`install-offer-${where}`} data-testid="install-offer" data-mode={mode}>
      {/* Inside the thank-you dialog, whose own title is the h2. */}
      <Heading id={`install-offer-${where}`}>{t('install.title')}</Heading>
      {mode === 'prompt' ? <p>{t('install.why')}</p> : <p>{tNodes('install.apple', { icon: <ShareIcon /> })}</p>}
      <div className="install-offer-actions">
        {mode === 'prompt' ? (
          <button type="button" className="btn" onClick={() => void install()}>
            {t('install.title')}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost" onClick={noThanks}>
          {t('install.no')}
        </button>
      </div>
    </section>
  );
}

/** Safari's Share icon (a box with an arrow out of it), as the visitor will see it in the toolbar. */
function ShareIcon(): ReactElement {
  return (
    <svg className="install-share" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 3v12M8 7l4-4 4 4" />
      <path d="M8 10H6a1 1 0 0 0-1 1v9a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1h-2" />
    </svg>
  );
}
