import { useId, useState, type ReactElement } from 'react';
import { NIGHT, shortForm } from '../../lib/votingCodes';
import { isolate } from '../../lib/intl';
import type { OrganiserClient } from './client';
import { batchName, codeLink, codesCsv, CODES_AT_ONCE_MAX, makeCodes } from './codes';
import { useT } from './t';
import { notDoneText, num } from './text';

/** A batch just made (or every code of the poll, read back to print again): each code with its scope. */
interface Batch {
  name: string;
  codes: { code: string; scope: string }[];
}

/**
 * Voting codes for a ticketed poll (issue #52): make a batch (for this poll, or for every award poll of the night),
 * then download it as CSV for a mail merge, or print it as a sheet of QR cards — each QR the ballot's address
 * carrying its code. Making codes is a live write, like every organiser action: offline it is refused and says so.
 */
export function CodesPanel({ client, pollId, title, online, onMade }: { client: OrganiserClient; pollId: string; title: string; online: boolean; onMade: () => void }): ReactElement {
  const t = useT();
  const id = useId();
  const [count, setCount] = useState('50');
  const [scope, setScope] = useState<'poll' | 'night'>('poll');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [batch, setBatch] = useState<Batch | null>(null);
  const [sheet, setSheet] = useState<{ svg: string; code: string; scope: string }[] | null>(null);
  const origin = window.location.origin;
  const n = Number(count);
  const countOk = /^\s*\d+\s*$/.test(count) && n >= 1 && n <= CODES_AT_ONCE_MAX;

  const make = async () => {
    if (!countOk) return setFailure(t('organiser.codes.count', { max: num(CODES_AT_ONCE_MAX) }));
    setBusy(true);
    setFailure(null);
    setSheet(null);
    const within = scope === 'night' ? NIGHT : pollId;
    const made: Batch = { name: batchName(), codes: makeCodes(n).map((code) => ({ code, scope: within })) };
    try {
      await client.storeCodes(within, made.codes.map((c) => c.code), made.name);
      setBatch(made);
      onMade();
    } catch (e) {
      setFailure(notDoneText(e));
    } finally {
      setBusy(false);
    }
  };

  /** Every code already made for this poll (here, on another laptop, or with npm run organiser -- codes). */
  const readBack = async () => {
    setFailure(null);
    try {
      setBatch({ name: 'all', codes: await client.listCodes(pollId) });
      setSheet(null);
    } catch (e) {
      setFailure(notDoneText(e));
    }
  };

  const download = () => {
    if (!batch) return;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([codesCsv(origin, batch.codes)], { type: 'text/csv;charset=utf-8' }));
    a.download = `voting-codes-${batch.name}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  };

  const showSheet = async () => {
    if (!batch) return;
    try {
      const { renderSVG } = await import('uqr');
      setSheet(batch.codes.map(({ code, scope: within }) => ({ code, scope: within, svg: renderSVG(codeLink(origin, within, code), { border: 1 }) })));
    } catch {
      setFailure(t('organiser.codes.noQr'));
    }
  };

  return (
    <section className="org-codes" aria-labelledby={`${id}-h`}>
      <h4 id={`${id}-h`}>{t('organiser.codes.title')}</h4>
      <div className="org-codes-form">
        <div className="field">
          <label htmlFor={`${id}-n`}>{t('organiser.codes.how')}</label>
          <input id={`${id}-n`} type="number" inputMode="numeric" min={1} max={CODES_AT_ONCE_MAX} value={count} onChange={(e) => setCount(e.target.value)} />
        </div>
        <fieldset>
          <legend className="visually-hidden">{t('organiser.codes.for')}</legend>
          <label className="org-radio"><input type="radio" name={`${id}-s`} checked={scope === 'poll'} onChange={() => setScope('poll')} /> <span>{t('organiser.codes.forPoll')}</span></label>
          <label className="org-radio"><input type="radio" name={`${id}-s`} checked={scope === 'night'} onChange={() => setScope('night')} /> <span>{t('organiser.codes.forNight')}</span></label>
        </fieldset>
        <button type="button" className="btn btn-small" disabled={busy || !online} onClick={() => void make()}>{busy ? t('organiser.codes.making') : t('organiser.codes.make')}</button>
        <button type="button" className="btn btn-ghost btn-small" disabled={!online} onClick={() => void readBack()}>{t('organiser.codes.all')}</button>
      </div>
      {failure ? <p className="alert error" role="alert">{failure}</p> : null}
      {batch ? (
        <div className="org-codes-made">
          <p role="status">{batch.name === 'all' ? t('organiser.codes.read', { count: batch.codes.length, n: num(batch.codes.length) }) : t('organiser.codes.made', { count: batch.codes.length, n: num(batch.codes.length) })}</p>
          <div className="org-actions">
            <button type="button" className="btn btn-ghost btn-small" onClick={download}>{t('organiser.codes.csv')}</button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => void showSheet()}>{t('organiser.codes.sheet')}</button>
          </div>
        </div>
      ) : null}
      {sheet && batch ? (
        <div className="org-sheet" data-testid="code-sheet">
          <div className="org-actions org-sheet-actions">
            <button type="button" className="btn btn-small" onClick={() => window.print()}>{t('organiser.codes.print')}</button>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setSheet(null)}>{t('organiser.codes.closeSheet')}</button>
          </div>
          <ul className="org-cards">
            {sheet.map(({ code, svg, scope: within }) => (
              <li key={code} className="org-card">
                <p className="org-card-title"><bdi>{within === NIGHT ? t('organiser.codes.night') : title}</bdi></p>
                {/* The SVG is the QR encoder's, from our own link: no text anyone typed. */}
                <img src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} width={132} height={132} alt={t('organiser.codes.qr', { code: isolate(shortForm(code)) })} />
                <p className="org-card-code" dir="ltr">{shortForm(code)}</p>
                <p className="org-card-hint">{t('organiser.codes.hint')}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
