import { useSearch } from '@tanstack/react-router';
import type { ReactElement } from 'react';
import { useVisitorId } from '../../session';
import { PageHeader } from '../../ui/PageHeader';
import { MenuLink, MenuList } from './MenuList';
import { parseUserDetails, userDetailsPath, type UserDetails } from './liveDoc';
import { useLiveDoc } from './useLiveDoc';
import { useT, type t as translate } from './t';
import './account.css';

const FIELDS: { key: keyof UserDetails; label: Parameters<typeof translate>[0] }[] = [
  { key: 'email', label: 'account.details.email' },
  { key: 'fName', label: 'account.details.fName' },
  { key: 'lName', label: 'account.details.lName' },
  { key: 'state', label: 'account.details.state' },
  { key: 'zip', label: 'account.details.zip' },
];

/** /account (spec §2): read-only details from a live listener on users/{uid}/user_details/info. */
export function AccountScreen(): ReactElement {
  const t = useT();
  const { uid: searchUid } = useSearch({ from: '/account' });
  const visitor = useVisitorId();
  const uid = searchUid ?? visitor;
  const account = useLiveDoc(userDetailsPath(uid), parseUserDetails);

  let body: ReactElement;
  switch (account.status) {
    case 'loading':
      body = <div className="spinner" role="progressbar" aria-label={t('account.details.loading')} />;
      break;
    case 'unreachable':
      body = (
<p className="alert">{t('account.details.unreachable')}</p>
      );
      break;
    case 'missing':
      // A brand-new visitor: not a failure, and not a dead end (issue #35) — what an account is for here, and
      // what can be done without one.
      body = (
        <>
          <section className="card account-none" aria-labelledby="account-none">
            <h2 id="account-none">{t('account.details.noneTitle')}</h2>
            <p>{t('account.details.missing')}</p>
          </section>
          <MenuList label={t('account.details.next')}>
            <li>
              <MenuLink to="/vote" label={t('account.help.goVote')} />
            </li>
            <li>
              <MenuLink to="/create-poll" label={t('account.help.goCreate')} />
            </li>
            <li>
              <MenuLink to="/feedback" label={t('account.menu.feedback')} />
            </li>
          </MenuList>
        </>
      );
      break;
    case 'error':
      body = <p className="alert error">{t('account.details.error', { message: account.message })}</p>;
      break;
    case 'ready':
      body = (
        <>
          <dl className="detail-list card">
            {FIELDS.map((f) => (
              <div key={f.key} className="detail-row">
                <dt>{t(f.label)}</dt>
                <dd>{account.data[f.key] || <span className="muted">{t('account.details.notGiven')}</span>}</dd>
              </div>
            ))}
          </dl>
          {account.saved ? <p className="muted small">{t('account.details.saved')}</p> : null}
        </>
      );
      break;
  }

  return (
    <section className="screen account">
      <PageHeader title={t('account.menu.account')} />
      <div className="screen-body stack" aria-busy={account.status === 'loading'}>
        {body}
      </div>
    </section>
  );
}
