import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import { directionOf, useLocale } from '../../lib/i18n';
import { formatNumber } from '../../lib/intl';
import { CarouselController, isTap, trackOffset, type CarouselState } from './carousel';
import { BANNER_SIZE, bannerAlt, bannerWords, type Banner } from './content';
import { ChevronLeft, ChevronRight, PauseIcon, PlayIcon } from './icons';
import { useT } from './t';

function reducedMotionQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
}

/**
 * The landing's banner carousel (WAI-ARIA APG carousel pattern). Behaviour lives in carousel.ts; this
 * component only wires DOM events to it: hover and focus pause, a hidden tab pauses, reduced motion
 * starts paused, a horizontal drag past 40 px changes slide. Slides run in reading order: right-to-left, the
 * next slide comes in from the left, a rightward swipe shows it, and the arrows (mirrored in awards.css) sit
 * where the flex row puts them.
 */
export function BannerCarousel({ slides, label }: { slides: readonly Banner[]; label: string }): ReactElement {
  const t = useT();
  const dir = directionOf(useLocale());
  const count = slides.length;
  const controller = useRef<CarouselController | null>(null);
  const drag = useRef<{ id: number; x: number; y: number } | null>(null);
  /**
   * The last pointer movement was a drag (a swipe, or one too short to change slide): the click a mouse sends
   * after it must not follow a banner's link. A finger's drag sends no click; a mouse's does.
   */
  const dragged = useRef(false);
  const [state, setState] = useState<CarouselState>(() => ({ index: 0, rotating: false, userPaused: reducedMotionQuery()?.matches ?? false }));

  useEffect(() => {
    const media = reducedMotionQuery();
    const c = new CarouselController({ count, pausedFor: media?.matches ? ['user'] : [], onChange: setState });
    controller.current = c;
    if (document.visibilityState === 'hidden') c.pause('hidden');
    c.start();
    const onVisibility = () => (document.visibilityState === 'hidden' ? c.pause('hidden') : c.resume('hidden'));
    const onMotion = (e: MediaQueryListEvent) => (e.matches ? c.pause('user') : c.resume('user'));
    document.addEventListener('visibilitychange', onVisibility);
    media?.addEventListener('change', onMotion);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      media?.removeEventListener('change', onMotion);
      c.dispose();
      controller.current = null;
    };
  }, [count]);

  const c = () => controller.current;
  // Mouse only: a finger's tap also sends pointerenter, and with no pointerleave after it the carousel
  // would stay paused for good on a phone.
  const onPointerEnter = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') c()?.pause('hover');
  };
  const onPointerLeave = (e: PointerEvent) => {
    if (e.pointerType === 'mouse') c()?.resume('hover');
  };
  const onFocus = () => c()?.pause('focus');
  const onBlur = (e: FocusEvent<HTMLElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) c()?.resume('focus');
  };
  const onPointerDown = (e: PointerEvent) => {
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerUp = (e: PointerEvent) => {
    const start = drag.current;
    drag.current = null;
    if (!start || start.id !== e.pointerId) {
      dragged.current = false;
      return;
    }
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    c()?.swipe(dx, dy, dir);
    dragged.current = !isTap(dx, dy);
  };

  const { index, rotating, userPaused } = state;
  return (
    <section
      className="carousel"
      aria-roledescription={t('awards.carousel.role')}
      aria-label={label}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {/* Announce slide changes only when the user caused them; a rotating carousel would talk non-stop. */}
      <div
        className="carousel-viewport"
        aria-live={rotating ? 'off' : 'polite'}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (drag.current = null)}
        // A mouse drag over a banner's link or image would start the browser's own drag of it, which cancels
        // the pointer (pointercancel, no pointerup) and the swipe with it; whether it did depended on timing.
        onDragStart={(e) => e.preventDefault()}
      >
        {/* Keyed by direction: a language switch moves the track to its mirrored place at once, not by sliding. */}
        <div key={dir} className="carousel-track" style={{ transform: `translateX(${trackOffset(index, dir)}%)` }}>
          {slides.map((slide, i) => (
            <div key={slide.src} className="carousel-slide" role="group" aria-roledescription={t('awards.carousel.slideRole')} aria-label={t('awards.carousel.slide', { n: formatNumber(i + 1), count: formatNumber(count) })} aria-hidden={i !== index}>
              {slide.href ? (
                // A slide that is not showing is aria-hidden: its link must not be reachable by Tab either.
                <Link
                  to={slide.href}
                  className="carousel-link"
                  tabIndex={i === index ? undefined : -1}
                  onClick={(e) => {
                    if (dragged.current) e.preventDefault();
                  }}
                >
                  <BannerImage slide={slide} first={i === 0} />
                  {/* The words say what the banner is about; this says that it can be tapped. */}
                  <span className={`carousel-cta carousel-cta-${slide.layout}`} aria-hidden="true">{t(slide.cta ?? 'awards.banner.cta')}</span>
                </Link>
              ) : (
                <BannerImage slide={slide} first={i === 0} />
              )}
            </div>
          ))}
        </div>
      </div>
      {/* The controls drive the controller above, which only the app runs: on the prerendered page they keep
          their place but are not shown until the app has taken over (data-needs-app, issue #33); the first
          slide and its link work meanwhile. */}
      <div className="carousel-controls" data-needs-app="">
        <button type="button" className="icon-btn" onClick={() => c()?.toggleUserPause()} aria-label={userPaused ? t('awards.carousel.play') : t('awards.carousel.stop')}>
          {userPaused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <button type="button" className="icon-btn" onClick={() => c()?.prev()} aria-label={t('awards.carousel.prev')}>
          <ChevronLeft />
        </button>
        <div className="carousel-picker" role="group" aria-label={t('awards.carousel.choose')}>
          {slides.map((slide, i) => (
            <button
              key={slide.src}
              type="button"
              className="carousel-dot"
              onClick={() => c()?.goTo(i)}
              aria-label={t('awards.carousel.dot', { n: formatNumber(i + 1), alt: bannerAlt(slide) })}
              aria-current={i === index ? 'true' : undefined}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
        <button type="button" className="icon-btn" onClick={() => c()?.next()} aria-label={t('awards.carousel.next')}>
          <ChevronRight />
        </button>
      </div>
    </section>
  );
}

/**
 * The artwork and its words laid over it as text, in the current language. The words are hidden from assistive
 * technology: the image's alt text says the same as one sentence (read once, not as scattered lines).
 */
function BannerImage({ slide, first }: { slide: Banner; first: boolean }): ReactElement {
  useT(); // the words follow a language switch
  const words = bannerWords(slide);
  return (
    <span className={`banner banner-${slide.layout}`}>
      <BannerArt slide={slide} first={first} />
      <span className="banner-words" aria-hidden="true">
        <span className="banner-kicker" lang={words.lang}>{words.kicker}</span>
        <span className="banner-title" lang={words.lang}>{words.title}</span>
        {words.sub ? <span className="banner-sub">{words.sub}</span> : null}
      </span>
    </span>
  );
}

function BannerArt({ slide, first }: { slide: Banner; first: boolean }): ReactElement {
  return (
    <img
      src={slide.src}
      alt={bannerAlt(slide)}
      width={BANNER_SIZE.width}
      height={BANNER_SIZE.height}
      draggable={false}
      decoding="async"
      // The first banner is the largest thing on the first screen: fetch it first.
      {...(first ? { loading: 'eager' as const, fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
    />
  );
}
