import { Link, useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactElement } from 'react';

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set on the entry of a category opened from the landing's menu (see LandingScreen's back). */
    fromLandingMenu?: boolean;
  }
}
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { BannerCarousel } from './BannerCarousel';
import { CATEGORIES, CATEGORY_LABEL, OPEN_CATEGORIES, browserStore, isCategory, loadCategory, saveCategory, type Category } from './categories';
import { ComingSoon } from './ComingSoon';
import { EVENT_TITLE } from './config';
import { BANNERS, CATEGORY_SIZE, categoryImage } from './content';
import { EventDetails } from './EventDetails';
import { ChevronRight } from './icons';
import { logOrganisationOnce } from './orgInfo';
import { useT } from './t';
import './awards.css';

/**
 * Home (/ and /home): the category menu, or one category (spec §2, §4). The open category is part of the
 * address (`/?category=fashion`), so Back, a reload and a shared link all land where the visitor was; the
 * last choice is also kept in localStorage, and the menu highlights it ("restores the choice").
 */
export function LandingScreen(): ReactElement {
  const navigate = useNavigate();
  const router = useRouter();
  const param = (useSearch({ strict: false }) as { category?: unknown }).category;
  const category = isCategory(param) ? param : null;
  const [last, setLast] = useState<Category | null>(() => loadCategory(browserStore()));
  // Where keyboard focus goes after a switch; null on first render so a restored view never steals focus.
  const [focus, setFocus] = useState<{ view: boolean; menuItem: Category | null }>({ view: false, menuItem: null });
  useEffect(() => {
    logOrganisationOnce();
  }, []);

  // A category opened by address (a link, Back/Forward, a reload) is also the latest choice.
  useEffect(() => {
    if (category) {
      saveCategory(browserStore(), category);
      setLast(category);
    }
  }, [category]);

  // The cards are links to `?category=…` (they work before the app has arrived, issue #33); the router handles
  // the tap in the app. Marked in the entry's history state (kept across reloads and Back/Forward): this
  // category was opened from the menu entry just before it, so its back arrow can step back to that very entry
  // instead of stacking a second menu entry on top (Back after that would reopen the category).
  const choose = () => {
    setFocus({ view: true, menuItem: null });
    window.scrollTo(0, 0);
  };
  const back = () => {
    setFocus({ view: false, menuItem: category });
    if (router.history.location.state.fromLandingMenu === true || openedFromMenuPage(router.history.canGoBack())) router.history.back();
    else void navigate({ to: '.', search: ({ category: _open, ...rest }) => rest, replace: true });
    window.scrollTo(0, 0);
  };

  if (category === 'fashion') return <EventDetails onBack={back} focusOnMount={focus.view} />;
  if (category) return <ComingSoon category={category} onBack={back} focusOnMount={focus.view} />;
  return <LandingMenu onChoose={choose} focusItem={focus.menuItem} last={last} />;
}

/**
 * The category was opened by its link before the app had arrived (a page load from the prerendered menu, so
 * no history state of the app's): the previous entry is that menu when it is this page's first entry and the
 * browser says it came from the menu's address.
 */
function openedFromMenuPage(appHasHistory: boolean): boolean {
  if (appHasHistory || !document.referrer) return false;
  const from = new URL(document.referrer);
  return from.origin === window.location.origin && (from.pathname === '/' || from.pathname === '/home') && !from.searchParams.has('category');
}

function LandingMenu({ onChoose, focusItem, last }: { onChoose: () => void; focusItem: Category | null; last: Category | null }): ReactElement {
  const t = useT();
  const cards = useRef(new Map<Category, HTMLAnchorElement>());
  useEffect(() => {
    if (focusItem) cards.current.get(focusItem)?.focus();
  }, [focusItem]);

  return (
    <section className="screen awards landing">
      <header className="landing-head">
        {/* The language choice, on a slim row of its own above the kicker: a first-time visitor sees it at once,
            and the spec's landing below keeps its order. */}
        <LanguageSwitch compact />
        <p className="landing-kicker">{t('awards.landing.kicker')}</p>
        <h1>{EVENT_TITLE}</h1>
      </header>
      <BannerCarousel slides={BANNERS} label={t('awards.landing.highlights')} />

      <div className="screen-body">
        <h2 id="categories-heading">{t('awards.landing.choose')}</h2>
        <ul className="category-grid" aria-labelledby="categories-heading">
          {CATEGORIES.map((c) => (
            <li key={c}>
              <Link
                to="."
                search={(prev) => ({ ...prev, category: c })}
                state={(prev) => ({ ...prev, fromLandingMenu: true })}
                className={c === last ? 'category-card category-last' : 'category-card'}
                onClick={onChoose}
                ref={(el: HTMLAnchorElement | null) => {
                  if (el) cards.current.set(c, el);
                  else cards.current.delete(c);
                }}
              >
                {/* The name is text on the picture's band (it used to be drawn into it, in English): it translates,
                    and it is the link's name. The tags sit at the top, clear of it. */}
                <img src={categoryImage(c)} alt="" width={CATEGORY_SIZE.width} height={CATEGORY_SIZE.height} loading="lazy" decoding="async" />
                <span className={`category-name category-name-${c}`}>{t(CATEGORY_LABEL[c])}</span>
                {c === last || !OPEN_CATEGORIES.has(c) ? (
                  <span className="category-tags">
                    {c === last ? <span className="category-last-badge">{t('awards.landing.last')}</span> : null}
                    {OPEN_CATEGORIES.has(c) ? null : <span className="category-soon">{t('awards.soon')}</span>}
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>

        <h2>{t('awards.landing.around')}</h2>
        <ul className="hub-links">
          <li>
            <Link to="/local" className="hub-card card">
              <span>
                <strong>{t('awards.hub.civic')}</strong>
                <span className="muted">{t('awards.hub.civicText')}</span>
              </span>
              <ChevronRight />
            </Link>
          </li>
          <li>
            <Link to="/vote" className="hub-card card">
              <span>
                <strong>{t('awards.hub.polls')}</strong>
                <span className="muted">{t('awards.hub.pollsText')}</span>
              </span>
              <ChevronRight />
            </Link>
          </li>
          <li>
            <Link to="/more" className="hub-card card">
              <span>
                <strong>{t('awards.hub.more')}</strong>
                <span className="muted">{t('awards.hub.moreText')}</span>
              </span>
              <ChevronRight />
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
