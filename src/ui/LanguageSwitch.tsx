import { useState, type ReactElement } from 'react';
import { LOCALES, useLocale, type Locale } from '../lib/i18n';
import { LOCALE_NAMES } from '../lib/intl';
import { useT } from './t';

/**
 * The language choice (Settings, and the landing's `compact` form): each language named in itself and marked
 * with its own `lang`, so a reader who does not read the current language still finds theirs and a screen
 * reader says it right. Applies at once, without a reload, online or offline (the worker precaches every
 * catalog), and is remembered on this device.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }): ReactElement {
  const t = useT();
  const locale = useLocale();
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState<Locale | null>(null);
  const choose = (next: Locale) => {
    if (next === locale || pending) return;
    setFailed(false);
    setPending(next);
    import('../lib/i18nSwitch')
      .then((m) => m.setLocale(next))
      .catch(() => setFailed(true))
      .finally(() => setPending(null));
  };
  return (
    <div className={compact ? 'lang-switch lang-switch-compact' : 'lang-switch'} role="group" aria-label={t('ui.language.label')}>
      {compact ? null : <p className="lang-switch-title">{t('ui.language.label')}</p>}
      <div className="lang-switch-options">
        {LOCALES.map((code) => (
          <button
            key={code}
            type="button"
            lang={code}
            dir={code === 'ar' ? 'rtl' : 'ltr'}
            className="lang-switch-option"
            aria-pressed={code === locale}
            aria-busy={pending === code || undefined}
            onClick={() => choose(code)}
          >
            {LOCALE_NAMES[code]}
          </button>
        ))}
      </div>
      {failed ? (
        <p className="lang-switch-error" role="alert">
          {t('ui.language.failed')}
        </p>
      ) : null}
    </div>
  );
}
