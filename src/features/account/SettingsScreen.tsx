import { useSearch } from '@tanstack/react-router';
import { useState, type ReactElement } from 'react';
import { useVisitorId } from '../../app/visitor';
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
