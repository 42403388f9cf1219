import { useState, type FormEvent, type ReactElement } from 'react';
import { useT } from './t';

/**
 * E-mail and password (Firebase Auth's; the Auth emulator locally). Signing in needs a connection.
 *
 * The build prerenders it (`prerendered`: scripts/prerender/routes.mjs), so on a venue's Wi-Fi the form is there and
 * takes typing before the app's JavaScript arrives; what was typed is handed to the app's form by id when it takes
 * over (src/app/prerender.ts carryOver) — hence fixed ids, not useId's, which differ between a server and a browser
 * render. The prerendered button is disabled: with no script to stop it, a submit would put the password in the
 * address as a query.
 */
export function SignInForm({ signIn, prerendered = false }: { signIn: (email: string, password: string) => Promise<void>; prerendered?: boolean }): ReactElement {
  const t = useT();
  const id = 'org-signin';
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (email.trim() === '' || password === '') {
      setError(t('organiser.signIn.missing'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn(email.trim(), password);
    } catch (err) {
      const code = (err as { code?: unknown } | null)?.code;
      setError(
        code === 'wrong-credentials'
          ? t('organiser.signIn.wrong')
          : code === 'unavailable' || code === 'deadline-exceeded'
            ? t('organiser.signIn.offline')
            : t('organiser.signIn.failed', { code: String(code ?? 'unknown') }),
      );
      setBusy(false);
    }
  };

  return (
    <form className="org-signin card" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('organiser.signIn.heading')}</h2>
      <p className="muted">{t('organiser.signIn.intro')}</p>
      <div className="field">
        <label htmlFor={`${id}-email`}>{t('organiser.signIn.email')}</label>
        <input id={`${id}-email`} type="email" dir="ltr" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-pw`}>{t('organiser.signIn.password')}</label>
        <input id={`${id}-pw`} type="password" dir="ltr" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-err` : undefined} />
      </div>
      {error ? <p id={`${id}-err`} className="alert error" role="alert">{error}</p> : null}
      <button type="submit" className="btn btn-block" disabled={busy || prerendered}>{busy ? t('organiser.signIn.busy') : t('organiser.signIn.submit')}</button>
    </form>
  );
}
