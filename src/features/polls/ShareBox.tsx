import { useState, type ReactElement } from 'react';

/**
 * Share a poll: the link (copy) and a QR code drawn on demand (the QR encoder loads only when asked). With
 * `printable`, a "Print QR code" button prints just this poll's title, a large QR code and the link — what
 * organisers put on the tables at the venue.
 */
export function ShareBox({ path, title, printable = false, label = 'Share this poll' }: { path: string; title: string; printable?: boolean; label?: string }): ReactElement {
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
        {open ? 'Hide sharing' : label}
      </button>
      {open ? (
        <div className="share-panel card" ref={setPanel}>
          <p className="share-print-title" aria-hidden="true">{title}</p>
          <label htmlFor={`share-url-${path}`}>Link to “{title}”</label>
          <div className="share-row">
            <input id={`share-url-${path}`} type="text" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="btn btn-small" onClick={() => void copy()}>Copy link</button>
          </div>
          <p className="small muted" role="status">{copied === 'yes' ? 'Link copied.' : copied === 'no' ? 'Copy is blocked here — select the link and copy it.' : ''}</p>
          {svg ? (
            // The SVG is produced by the QR encoder from our own URL, never from user-written text.
            <img className="share-qr" src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`} width={180} height={180} alt={`QR code for ${url}`} />
          ) : null}
          {printable && svg ? (
            <button type="button" className="btn btn-small share-print-button" onClick={print}>Print QR code</button>
          ) : null}
          <p className="share-print-url" aria-hidden="true">Scan to vote, or open {url}</p>
        </div>
      ) : null}
    </div>
  );
}
