import { useEffect, useRef, type ReactElement } from 'react';
import { BackBar, BackToMenu } from './BackBar';
import { CATEGORY_LABEL, type Category } from './categories';
import { CATEGORY_SIZE, categoryImage } from './content';
import { useT } from './t';

/** Beauty, motherland and polo have no event yet (spec §2); the go-back control returns to the menu. */
export function ComingSoon({ category, onBack, focusOnMount }: { category: Category; onBack: () => void; focusOnMount: boolean }): ReactElement {
  const t = useT();
  const label = t(CATEGORY_LABEL[category]);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  return (
    <section className="screen awards">
      <BackBar label={t('awards.back')} onBack={onBack}>
        <h1 ref={heading} tabIndex={-1} className="page-header-title">{label}</h1>
      </BackBar>
      <div className="screen-body coming-soon">
        <img src={categoryImage(category)} alt="" width={CATEGORY_SIZE.width} height={CATEGORY_SIZE.height} decoding="async" />
        <h2>{t('awards.soon')}</h2>
        <p className="muted">{t('awards.soon.text', { category: label })}</p>
        <BackToMenu className="btn" onBack={onBack}>
          {t('awards.back')}
        </BackToMenu>
      </div>
    </section>
  );
}
