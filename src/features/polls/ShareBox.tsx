import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { tNodes, useT } from './t';
import { isolate } from '../../lib/intl';

/**
 * Share a poll: the link (copy) and a QR code drawn on demand (the QR encoder loads only when asked). With
 * `printable`, a "Print QR code" button prints just this poll's title, a large QR code and the link — what
 * organisers put on the tables at the venue. Where the browser has a share sheet (phones), "Share…" opens it.
 * `startOpen`: the panel (and its QR code) shown at once — the "Your poll is live" card.
 */
export function ShareBox({ path, title, printable = false, label, startOpen = false }: { path: string; title: string; printable?: boolean; label?: ReactNode; startOpen?: boolean }): ReactElement {
  const t = useT();
  const url = `${window.location.origin}${path}`;
  const [open, setOpen] = useState(false);
  const [svg, setSvg] = useState<string | null>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);

  const toggle = async () => {
    const next = !open;
    setOpen(next);
    if (next && !svg) {
      try {
        const { renderSVG } = await import('uqr');
        setSvg(renderSVG(url, { border: 2 }));
      } catch {
        setSvg(null); // offline before the encoder was cached: the link still works
      }
    }
  };
  // Opened once, on mount, when asked (a ref: React's development double effect must not close it again).
  const started = useRef(false);
  useEffect(() => {
    if (!startOpen || started.current) return;
    started.current = true;
    void toggle();
  });

  // The phone's own share sheet (messages, mail, social apps); a visitor closing it is not an error.
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title, url });
    } catch {
      // cancelled, or refused by the browser: the link and Copy are right there
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  const print = () => {
    // The print stylesheet (polls.css) prints only the panel marked here.
    panel?.setAttribute('data-printing', '');
    const done = () => {
      panel?.removeAttribute('data-printing');
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };

  return (
    <div className="share">
      <button type="button" className="btn btn-ghost btn-small" aria-expanded={open} onClick={() => void toggle()}>
        {open ? t('polls.share.hide') : (label ?? t('polls.share.open'))}
      </button>
      {open ? (
        <div className="share-panel card" ref={setPanel}>
          <p className="share-print-title" aria-hidden="true">{title}</p>
          <label htmlFor={`share-url-${path}`}>{tNodes('polls.share.link', { title: <bdi>{title}</bdi> })}</label>
          <div className="share-row">
            <input id={`share-url-${path}`} type="text" dir="ltr" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn btn-small" onClick={() => void copy()}>{t('polls.share.copy')}</button>
          </div>
          {canShare ? <button type="button" className="btn btn-ghost btn-small share-native" onClick={() => void share()}>{t('polls.share.native')}</button> : null}
          <p className="small muted" role="status">{copied === 'yes' ? t('polls.share.copied') : copied === 'no' ? t('polls.share.blocked') : ''}</p>
          {svg ? (
            // The SVG is produced by the QR encoder from our own URL, never from user-written text.
            <img className="share-qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} width={180} height={180} alt={t('polls.share.qr', { url: isolate(url) })} />
          ) : null}
          {printable && svg ? (
            <button type="button" className="btn btn-small share-print-button" onClick={print}>{t('polls.share.print')}</button>
          ) : null}
          <p className="share-print-url" aria-hidden="true">{t('polls.share.scan', { url: isolate(url) })}</p>
        </div>
      ) : null}
    </div>
  );
}
