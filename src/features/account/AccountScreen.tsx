import { useSearch } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useVisitorId } from '../../app/visitor';
import { PageHeader } from '../../ui/PageHeader';
import { parseUserDetails, userDetailsPath, type UserDetails } from './liveDoc';
import { useLiveDoc } from './useLiveDoc';
import './account.css';

const FIELDS: { key: keyof UserDetails; label: string }[] = [
  { key: 'email', label: 'Email' },
  { key: 'fName', label: 'First name' },
  { key: 'lName', label: 'Last name' },
  { key: 'state', label: 'State' },
  { key: 'zip', label: 'Zip code' },
];

/** /account (spec §2): read-only details from a live listener on users/{uid}/user_details/info. */
export function AccountScreen(): ReactElement {
  const { uid: searchUid } = useSearch({ from: '/account' });
  const visitor = useVisitorId();
  const uid = searchUid ?? visitor;
  const account = useLiveDoc(userDetailsPath(uid), parseUserDetails);

  let body: ReactElement;
  switch (account.status) {
    case 'loading':
      body = <div className="spinner" role="progressbar" aria-label="Loading your account" />;
      break;
    case 'unreachable':
      body = (
        <p className="alert">
          Your account details need a connection the first time. Connect to the internet and they will appear here — after that this
          device keeps a copy.
        </p>
      );
      break;
    case 'missing':
      body = <p className="alert">There are no account details for this visitor yet.</p>;
      break;
    case 'error':
      body = <p className="alert error">Your account details could not be loaded. {account.message}</p>;
      break;
    case 'ready':
      body = (
        <>
          <dl className="detail-list card">
            {FIELDS.map((f) => (
              <div key={f.key} className="detail-row">
                <dt>{f.label}</dt>
                <dd>{account.data[f.key] || <span className="muted">Not given</span>}</dd>
              </div>
            ))}
          </dl>
          {account.saved ? <p className="muted small">Saved copy on this device — it updates when you are online.</p> : null}
        </>
      );
      break;
  }

  return (
    <section className="screen account">
      <PageHeader title="Account" />
      <div className="screen-body stack" aria-busy={account.status === 'loading'}>
        {body}
      </div>
    </section>
  );
}
