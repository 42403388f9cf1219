import { useSearch } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import { forgetVisitor, useVisitorId, visitorFromLink } from '../../app/visitor';
import { signOut } from '../../remote';
import { useOutbox } from '../../sync';
import { PageHeader } from '../../ui/PageHeader';
import { parsePref, prefsPath } from './liveDoc';
import { MenuLink, MenuList } from './MenuList';
import { postSelectOrganization } from './nativeBridge';
import { useLiveDoc } from './useLiveDoc';
import './account.css';

const ORGANISATION_ID = 20;

/** /my-profile: the settings list (spec §2), with the visitor's preference from a live listener. */
export function SettingsScreen(): ReactElement {
  const { uid: searchUid } = useSearch({ from: '/my-profile' });
  const visitor = useVisitorId();
  const uid = searchUid ?? visitor;
  const pref = useLiveDoc(prefsPath(uid), parsePref);
  const outbox = useOutbox();
  const [bridgeNote, setBridgeNote] = useState('');

  const selectOrganization = () => {
    const target = postSelectOrganization({ type: 'selectOrganization', uid, organisationId: ORGANISATION_ID });
    setBridgeNote(target === 'browser' ? 'Choosing an organization works in the Town Square app for iPhone and Android.' : 'Opening organization selection in the app…');
  };

  const waiting = (outbox?.waiting ?? 0) + (outbox?.failed ?? 0);
  return (
    <section className="screen account">
      <PageHeader title="Profile" />
      <div className="screen-body">
        <WhoYouAre uid={uid} waiting={waiting} />
        <dl className="pref-row card">
          <dt>Preferences</dt>
          <dd>
            {pref.status === 'loading' ? (
              <span className="inline-spinner" role="progressbar" aria-label="Loading preferences" />
            ) : pref.status === 'ready' ? (
              pref.data ?? 'Not set'
            ) : pref.status === 'missing' ? (
              'Not set'
            ) : pref.status === 'unreachable' ? (
              'Needs a connection'
            ) : (
              'Unavailable right now'
            )}
          </dd>
        </dl>

        <MenuList label="Settings">
          <li>
            <MenuLink to="/feedback" label="Leave Feedback" />
          </li>
          <li>
            <button type="button" className="menu-row" onClick={selectOrganization}>
              <span className="menu-row-text">
                <span className="menu-row-label">Select organization</span>
              </span>
            </button>
          </li>
          <li>
            <MenuLink
              to="/sync"
              label="Waiting to send"
              hint="Votes, polls and feedback saved on this device"
              extra={waiting > 0 ? <span className="count-pill">{waiting}</span> : null}
            />
          </li>
          <li>
            <MenuLink to="/account" label="Account" />
          </li>
          <li>
            <MenuLink to="/help" label="Help center" />
          </li>
          <li>
            <MenuLink to="/partners" label="Our Partners" />
          </li>
          <li>
            <MenuLink to="/terms-conditions" label="Terms and conditions" />
          </li>
          <li>
            <MenuLink to="/privacy-policy" label="Privacy Policy" />
          </li>
          <li>
            <MenuLink to="/more" label="More" hint="Every other screen" />
          </li>
        </MenuList>
        <p className="bridge-note" role="status">
          {bridgeNote}
        </p>
      </div>
    </section>
  );
}

/**
 * Who the app thinks you are on this device, said plainly — a `?uid=` link (the demo visitor) otherwise makes
 * every later visit that visitor without a word — and a way to start again as a new anonymous visitor.
 */
function WhoYouAre({ uid, waiting }: { uid: string; waiting: number }): ReactElement {
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
      <h2 id="who-you-are">You on this device</h2>
      <p>
        Visitor id <code className="visitor-code" dir="ltr">{uid}</code>
      </p>
      {fromLink ? (
        <p className="alert" role="note">
          This identity came from a link (<code dir="ltr">?uid={uid}</code>): its account, settings and polls are shared with everyone who opens
          that link, and the app keeps using it on this device until you start fresh.
        </p>
      ) : (
        <p className="muted small">An anonymous id made for this device: it is how the app knows your polls and settings. It carries no name or e-mail.</p>
      )}
      {waiting > 0 ? (
        <p className="muted small">To start fresh, first send or discard the {waiting === 1 ? 'item' : `${waiting} items`} waiting to send.</p>
      ) : confirming ? (
        <div role="group" aria-label="Confirm start fresh" className="who-you-are-confirm">
          <p className="small">
            You get a new visitor id. Polls made under this one stay, but you will no longer see their answers here.
          </p>
          <button type="button" className="btn btn-small btn-danger" disabled={leaving} onClick={() => void startFresh()}>
            {leaving ? 'Starting fresh…' : 'Yes, start fresh'}
          </button>{' '}
          <button type="button" className="btn btn-small btn-ghost" disabled={leaving} onClick={() => setConfirming(false)}>Keep this id</button>
        </div>
      ) : (
        <button type="button" className="btn btn-small btn-ghost" onClick={() => setConfirming(true)}>Start fresh as a new visitor</button>
      )}
    </section>
  );
}
