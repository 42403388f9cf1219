import type { ReactElement } from 'react';
import { REFUSAL_CAUSES, type Integrity } from './tally';
import { useT } from './t';
import { num } from './text';

const CAUSE_IDS = {
  'code-used': 'organiser.integrity.codeUsed',
  'code-invalid': 'organiser.integrity.codeInvalid',
  'device-limit': 'organiser.integrity.deviceLimit',
  window: 'organiser.integrity.window',
  'email-used': 'organiser.integrity.emailUsed',
} as const;

/**
 * How a poll's ballots came in (issue #52): counts only, so the organisers can tell one attendee with a loop from a
 * full hall — ballots by mode, distinct devices, the most from one device, codes issued and used, the refusals the
 * phones reported by cause. Nothing here names anyone.
 */
export function IntegrityView({ integrity: i, mode, deviceLimit }: { integrity: Integrity; mode: 'open' | 'ticketed'; deviceLimit: number }): ReactElement {
  const t = useT();
  const item = (label: string, value: string, testId: string) => (
    <div data-testid={testId} data-value={value}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  const refused = REFUSAL_CAUSES.filter((c) => (i.refused[c] ?? 0) > 0 || (mode === 'ticketed' ? c.startsWith('code') : c === 'device-limit'));
  return (
    <section className="org-integrity" aria-label={t('organiser.integrity.title')}>
      <h4>{t('organiser.integrity.title')}</h4>
      <dl>
        {item(t('organiser.integrity.ballots'), num(i.ballots), 'integrity-ballots')}
        {mode === 'ticketed'
          ? item(t('organiser.integrity.codes'), t('organiser.integrity.codesUsed', { used: num(i.codesUsed), issued: i.codesIssued === null ? '…' : num(i.codesIssued) }), 'integrity-codes')
          : item(t('organiser.integrity.limit'), num(deviceLimit), 'integrity-limit')}
        {item(t('organiser.integrity.devices'), num(i.devices), 'integrity-devices')}
        {item(t('organiser.integrity.most'), num(i.mostFromOneDevice), 'integrity-most')}
        {i.byCode > 0 && i.open > 0 ? item(t('organiser.integrity.mixed'), t('organiser.integrity.mixedValue', { code: num(i.byCode), open: num(i.open) }), 'integrity-mixed') : null}
      </dl>
      <h5>{t('organiser.integrity.refused')}</h5>
      <dl>
        {refused.map((c) => item(t(CAUSE_IDS[c]), num(i.refused[c] ?? 0), `integrity-refused-${c}`))}
      </dl>
      <p className="muted small">{t('organiser.integrity.note')}</p>
    </section>
  );
}
