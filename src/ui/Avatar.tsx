import { useState, type ReactElement } from 'react';
import { isolate } from '../lib/intl';
import { useT } from './t';

export function initials(name: string): string {
  const words = name.replace(/[^\p{L}\p{N}\s'-]/gu, ' ').split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** Deterministic, contrast-safe background for a monogram (dark text on these pastel tones ≥ 7:1). */
const TONES = ['#cfe9fb', '#fde2c8', '#d9f2dd', '#eadcf8', '#fbd9e2', '#f6efc2'];
function tone(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return TONES[h % TONES.length]!;
}

/**
 * A portrait with explicit size (no layout shift) that falls back, when there is no URL, the image fails, or
 * the device is offline and it was never cached, to a monogram of the person's initials — or, for the large
 * profile picture (`placeholder="portrait"`), to a drawn silhouette on the same footprint: initials the size
 * of a screen read as a design error, not as "no photo".
 */
export function Avatar({ name, src, size = 64, round = true, className = '', placeholder = 'monogram' }: {
  name: string;
  src?: string | undefined;
  size?: number;
  round?: boolean;
  className?: string;
  placeholder?: 'monogram' | 'portrait';
}): ReactElement {
  const t = useT();
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size, borderRadius: round ? '50%' : 12 };
  if ((!src || failed) && placeholder === 'portrait') {
    return (
      <span className={`avatar avatar-portrait ${className}`} style={style} role="img" aria-label={t('ui.portrait.label', { name: isolate(name) })}>
        <svg viewBox="0 0 120 120" aria-hidden="true" focusable="false">
          <circle cx="60" cy="46" r="22" />
          <path d="M18 118c4-26 21-40 42-40s38 14 42 40z" />
        </svg>
        <span className="avatar-portrait-caption" aria-hidden="true">{t('ui.portrait.none')}</span>
      </span>
    );
  }
  if (!src || failed) {
    return (
      <span className={`avatar avatar-monogram ${className}`} style={{ ...style, background: tone(name), fontSize: Math.round(size * 0.38) }} role="img" aria-label={name}>
        {initials(name)}
      </span>
    );
  }
  if (placeholder === 'portrait') {
    return <img className={`avatar ${className}`} style={{ ...style, objectFit: 'cover' }} src={src} alt={name} width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(true)} />;
  }
  // The monogram under the photo (issue #57): while the photo loads on a slow network, or when it never comes
  // (offline, never cached), the circle shows the person's initials, not an empty disc; the photo covers them
  // once it has arrived. One image for assistive technology: the frame, named by the person.
  return (
    <span className={`avatar avatar-monogram avatar-frame ${className}`} style={{ ...style, background: tone(name), fontSize: Math.round(size * 0.38) }} role="img" aria-label={name}>
      <span aria-hidden="true">{initials(name)}</span>
      <img src={src} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(true)} />
    </span>
  );
}
