import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { BannerCarousel } from './BannerCarousel';
import { CATEGORIES, CATEGORY_LABEL, OPEN_CATEGORIES, browserStore, loadCategory, saveCategory, type Category } from './categories';
import { ComingSoon } from './ComingSoon';
import { EVENT_TITLE } from './config';
import { BANNERS, CATEGORY_SIZE, categoryImage } from './content';
import { EventDetails } from './EventDetails';
import { ChevronRight } from './icons';
import { logOrganisationOnce } from './orgInfo';
import './awards.css';

/**
 * Home (/ and /home): the category menu, or the category the visitor chose last time (spec §2, §4).
 * The choice is view state inside this route, kept in localStorage so a reload restores it.
 */
export function LandingScreen(): ReactElement {
  const [category, setCategory] = useState<Category | null>(() => loadCategory(browserStore()));
  // Where keyboard focus goes after a switch; null on first render so a restored view never steals focus.
  const [focus, setFocus] = useState<{ view: boolean; menuItem: Category | null }>({ view: false, menuItem: null });

  useEffect(() => {
    logOrganisationOnce();
  }, []);

  const choose = (c: Category) => {
    saveCategory(browserStore(), c);
    setFocus({ view: true, menuItem: null });
    setCategory(c);
    window.scrollTo(0, 0);
  };
  const back = () => {
    const from = category;
    saveCategory(browserStore(), null);
    setFocus({ view: false, menuItem: from });
    setCategory(null);
    window.scrollTo(0, 0);
  };

  if (category === 'fashion') return <EventDetails onBack={back} focusOnMount={focus.view} />;
  if (category) return <ComingSoon category={category} onBack={back} focusOnMount={focus.view} />;
  return <LandingMenu onChoose={choose} focusItem={focus.menuItem} />;
}

function LandingMenu({ onChoose, focusItem }: { onChoose: (c: Category) => void; focusItem: Category | null }): ReactElement {
  const buttons = useRef(new Map<Category, HTMLButtonElement>());
  useEffect(() => {
    if (focusItem) buttons.current.get(focusItem)?.focus();
  }, [focusItem]);

  return (
    <section className="screen awards landing">
      <header className="landing-head">
        <p className="landing-kicker">Town Square presents</p>
        <h1>{EVENT_TITLE}</h1>
      </header>
      <BannerCarousel slides={BANNERS} label="Award highlights" />

      <div className="screen-body">
        <h2 id="categories-heading">Choose a category</h2>
        <ul className="category-grid" aria-labelledby="categories-heading">
          {CATEGORIES.map((c) => (
            <li key={c}>
              <button
                type="button"
                className="category-card"
                onClick={() => onChoose(c)}
                ref={(el) => {
                  if (el) buttons.current.set(c, el);
                  else buttons.current.delete(c);
                }}
              >
                <img src={categoryImage(c)} alt={CATEGORY_LABEL[c]} width={CATEGORY_SIZE.width} height={CATEGORY_SIZE.height} loading="lazy" decoding="async" />
                {OPEN_CATEGORIES.has(c) ? null : <span className="category-soon">Coming soon</span>}
              </button>
            </li>
          ))}
        </ul>

        <h2>Around town</h2>
        <ul className="hub-links">
          <li>
            <Link to="/local" className="hub-card card">
              <span>
                <strong>Civic information</strong>
                <span className="muted">Officials, governors and voter resources for Michigan</span>
              </span>
              <ChevronRight />
            </Link>
          </li>
          <li>
            <Link to="/vote" className="hub-card card">
              <span>
                <strong>Polls</strong>
                <span className="muted">Vote for the awards, answer community polls or create your own</span>
              </span>
              <ChevronRight />
            </Link>
          </li>
          <li>
            <Link to="/more" className="hub-card card">
              <span>
                <strong>More</strong>
                <span className="muted">Venue, chat, feedback and everything else</span>
              </span>
              <ChevronRight />
            </Link>
          </li>
        </ul>
      </div>
    </section>
  );
}
