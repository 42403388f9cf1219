import { useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { forgetVisitor, useVisitorId, visitorFromLink } from '../../session';
import { signOut } from '../../remote';
import { useOutbox } from '../../sync';
import { formatNumber } from '../../lib/intl';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { PageHeader } from '../../ui/PageHeader';
import { parsePref, prefsPath } from './liveDoc';
import { KeptData } from './KeptData';
import { MenuLink, MenuList } from './MenuList';
import { postSelectOrganization } from './nativeBridge';
import { useLiveDoc } from './useLiveDoc';
import { tNodes, useT } from './t';
import './account.css';

const ORGANISATION_ID = 20;

/** /my-profile: the settings list (spec §2), with the visitor's preference from a live listener. */
export function SettingsScreen(): ReactElement {
  const t = useT();
  const { uid: searchUid } = useSearch({ from: '/my-profile' });
  const visitor = useVisitorId();
  const uid = searchUid ?? visitor;
  const pref = useLiveDoc(prefsPath(uid), parsePref);
  const outbox = useOutbox();
  // Which note shows (an id, so it follows a language switch); null: none yet.
  const [bridgeNote, setBridgeNote] = useState<'account.settings.bridgeBrowser' | 'account.settings.bridgeApp' | null>(null);

  const note = useRef<HTMLParagraphElement>(null);
  // A note that appears where the bottom bar or the screen's edge hides it is scrolled into view.
  useEffect(() => {
    if (bridgeNote) note.current?.scrollIntoView({ block: 'nearest', behavior: 'auto' });
  }, [bridgeNote]);

  const selectOrganization = () => {
    const target = postSelectOrganization({ type: 'selectOrganization', uid, organisationId: ORGANISATION_ID });
    setBridgeNote(target === 'browser' ? 'account.settings.bridgeBrowser' : 'account.settings.bridgeApp');
  };

  const waiting = (outbox?.waiting ?? 0) + (outbox?.failed ?? 0);
  return (
    <section className="screen account">
      <PageHeader title={t('account.settings.title')} />
      <div className="screen-body">
        {/* The language and the saved preference first; who the visitor is (a raw id) further down (issue #57). */}
        <div className="card settings-language">
          <LanguageSwitch />
          {/* A fact, not a control: read-only here (set in the Town Square app), so it is not drawn as a row. */}
          <dl className="pref-row">
          <dt>{t('account.settings.prefs')}</dt>
          <dd>
            {pref.status === 'loading' ? (
              <span className="inline-spinner" role="progressbar" aria-label={t('account.settings.prefsLoading')} />
            ) : pref.status === 'ready' ? (
              pref.data ?? t('account.settings.prefNotSet')
            ) : pref.status === 'missing' ? (
              t('account.settings.prefNotSet')
            ) : pref.status === 'unreachable' ? (
              t('account.settings.prefOffline')
            ) : (
              t('account.settings.prefUnavailable')
            )}
          </dd>
          </dl>
        </div>
        <KeptData waiting={waiting} />

        <MenuList label={t('account.settings.menu')}>
          <li>
            <MenuLink to="/feedback" label={t('account.menu.feedback')} />
          </li>
          <li>
            <button type="button" className="menu-row" onClick={selectOrganization}>
              <span className="menu-row-text">
                <span className="menu-row-label">{t('account.settings.selectOrg')}</span>
              </span>
            </button>
            {/* Right under the row that was tapped (issue #35: at the end of the list it was below the fold, and
                the tap looked like it did nothing). */}
            <p className="bridge-note" role="status" ref={note}>
              {bridgeNote ? t(bridgeNote) : ''}
            </p>
          </li>
          <li>
            <MenuLink
              to="/outbox"
              label={t('account.menu.sync')}
              hint={t('account.settings.syncHint')}
              extra={waiting > 0 ? <span className="count-pill">{formatNumber(waiting)}</span> : null}
            />
          </li>
          <li>
            <MenuLink to="/account" label={t('account.menu.account')} />
          </li>
          <li>
            <MenuLink to="/help" label={t('account.menu.help')} />
          </li>
          <li>
            <MenuLink to="/partners" label={t('account.menu.partners')} />
          </li>
          <li>
            <MenuLink to="/terms-conditions" label={t('account.menu.terms')} />
          </li>
          <li>
            <MenuLink to="/privacy-policy" label={t('account.menu.privacy')} />
          </li>
          <li>
            <MenuLink to="/more" label={t('account.menu.more')} hint={t('account.settings.moreHint')} />
          </li>
        </MenuList>
        <WhoYouAre uid={uid} waiting={waiting} />
      </div>
    </section>
  );
}

/**
 * Who the app thinks you are on this device, said plainly — a `?uid=` link (the demo visitor) otherwise makes
 * every later visit that visitor without a word — and a way to start again as a new anonymous visitor.
 */
function WhoYouAre({ uid, waiting }: { uid: string; waiting: number }): ReactElement {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const fromLink = visitorFromLink();

  const startFresh = async () => {
    setLeaving(true);
    // Signed out first, so the service worker does not send anything later as the old visitor; offline the
    // sign-out still clears the stored user.
    await signOut().catch(() => undefined);
    forgetVisitor();
    window.location.assign('/my-profile');
  };

  return (
    <section className="card who-you-are" aria-labelledby="who-you-are">
      <h2 id="who-you-are">{t('account.who.title')}</h2>
      <p>
        {tNodes('account.who.id', {
          id: (
            <code className="visitor-code" dir="ltr">
              {uid}
            </code>
          ),
        })}
      </p>
      {fromLink ? (
        <p className="alert" role="note">
          {tNodes('account.who.fromLink', { link: <code dir="ltr">?uid={uid}</code> })}
        </p>
      ) : (
        <p className="muted small">{t('account.who.anonymous')}</p>
      )}
      {waiting > 0 ? (
        <p className="muted small">{t('account.who.waiting', { count: waiting })}</p>
      ) : confirming ? (
        <div role="group" aria-label={t('account.who.confirm')} className="who-you-are-confirm">
          <p className="small">{t('account.who.confirmText')}</p>
          <button type="button" className="btn btn-small btn-danger" disabled={leaving} onClick={() => void startFresh()}>
            {leaving ? t('account.who.leaving') : t('account.who.yes')}
          </button>{' '}
          <button type="button" className="btn btn-small btn-ghost" disabled={leaving} onClick={() => setConfirming(false)}>
            {t('account.who.keep')}
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirming(true)}>
          {t('account.who.start')}
        </button>
      )}
    </section>
  );
}
