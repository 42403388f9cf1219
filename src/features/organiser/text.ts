// The organisers' words built from values: times on the server's clock shown in this device's time zone, counts
// and shares in the current language, a remote failure in words.
import { formatDate, formatNumber } from '../../lib/intl';
import type { FieldError } from './form';
import { t } from './t';

export const num = (n: number): string => formatNumber(n, { useGrouping: false });
export const percentText = (share: number): string => formatNumber(share / 100, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** A moment of the voting window: day and time ("Nov 27, 9:30 PM"). */
export const whenText = (ms: number): string => formatDate(ms, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
/** A time of today's snapshot ("9:30 PM"): "as of", "latest vote at". */
export const clockText = (ms: number): string => formatDate(ms, { hour: 'numeric', minute: '2-digit' });

/** Why an organiser action did not happen; it was not queued, so "nothing changed" is always true. */
export function notDoneText(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'unavailable' || code === 'deadline-exceeded') return t('organiser.notDone.offline');
  if (code === 'not-organiser' || code === 'unauthenticated') return t('organiser.notDone.notOrganiser');
  if (code === 'not-found') return t('organiser.notDone.notFound');
  const problem = (e as { problem?: { what?: unknown; category?: unknown } } | null)?.problem;
  if (code === 'poll-invalid' && problem) {
    const n = typeof problem.category === 'number' ? num(problem.category) : '';
    const what = problem.what === 'title' ? t('organiser.problem.title')
      : problem.what === 'deviceLimit' ? t('organiser.problem.deviceLimit')
      : problem.what === 'translation' ? t('organiser.problem.translation')
      : problem.what === 'categories' ? t('organiser.problem.categories')
        : problem.what === 'nominees' ? t('organiser.problem.nominees', { n })
          : problem.what === 'nominee' ? t('organiser.problem.nominee', { n })
            : t('organiser.problem.category', { n });
    return t('organiser.notDone.invalid', { what });
  }
  if (code === 'permission-denied') return t('organiser.notDone.denied');
  const message = (e as { message?: unknown } | null)?.message;
  return t('organiser.notDone.other', { reason: typeof message === 'string' && message !== '' ? message : String(code ?? e) });
}

export function fieldErrorText(e: FieldError): string {
  if (e.code === 'required') return t('organiser.err.required');
  if (e.code === 'duplicate') return t('organiser.err.duplicate');
  return t('organiser.err.tooLong', { max: num(e.max) });
}

/** A `datetime-local` value in this device's time zone (the zone only converts; no clock decides anything). */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** The moment a `datetime-local` value names, or null when it is empty or unreadable. */
export function fromLocalInput(value: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return null;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? ms : null;
}
