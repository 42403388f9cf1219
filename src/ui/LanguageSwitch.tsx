import { useState, type ReactElement } from 'react';
import { LOCALES, useLocale, type Locale } from '../lib/i18n';
import { LOCALE_NAMES } from '../lib/intl';
import { LANG_PARAM } from '../lib/locale';
import { useT } from './t';

/**
 * The language choice (Settings, and the landing's `compact` form): each language named in itself and marked
 * with its own `lang`, so a reader who does not read the current language still finds theirs and a screen
 * reader says it right. Applies at once, without a reload, online or offline (the worker precaches every
 * catalog), and is remembered on this device. On the landing (`compact`) each language is a link, so it works
 * before the app has arrived (issue #33).
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
        {LOCALES.map((code) =>
          compact ? (
            // On the landing, a link (`?lang=es`, src/lib/locale.ts): the prerendered page shows it before the
            // app has arrived, and a tap then loads the page in that language. Once the app is here, the tap
            // switches in place like the button below (a new tab or a copied link still works as a link).
            <a
              key={code}
              href={`?${LANG_PARAM}=${code}`}
              lang={code}
              hrefLang={code}
              dir={code === 'ar' ? 'rtl' : 'ltr'}
              className="lang-switch-option"
              aria-current={code === locale ? 'true' : undefined}
              aria-busy={pending === code || undefined}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
                e.preventDefault();
                choose(code);
              }}
            >
              {LOCALE_NAMES[code]}
            </a>
          ) : (
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
          ),
        )}
      </div>
      {failed ? (
        <p className="lang-switch-error" role="alert">
          {t('ui.language.failed')}
        </p>
      ) : null}
    </div>
  );
}
