import type { ReactElement } from 'react';
import type { PollTally } from './tally';
import { useT } from './t';
import { num, percentText } from './text';

/** Per category: each nominee's count, share and bar, the leader or a tie marked, and the category's voters. */
export function TallyView({ tally }: { tally: PollTally }): ReactElement {
  const t = useT();
  return (
    <div className="org-categories">
      {tally.categories.map((c) => (
        // A group, not a region: many polls on one screen would repeat the landmarks' names.
        <div key={c.id} className="org-category" role="group" aria-label={c.question}>
          <h4><bdi>{c.question}</bdi></h4>
          <p className="muted">{t('organiser.tally.voters', { count: c.voters, n: num(c.voters) })}</p>
          <ul className="org-nominees">
            {c.nominees.map((n) => (
              <li key={n.nominee} className={n.leading ? 'org-leading' : undefined}>
                <div className="org-nominee-line">
                  <bdi className="org-nominee">{n.nominee}</bdi>
                  {n.leading ? <span className="org-mark">{c.tie ? t('organiser.tally.tie') : t('organiser.tally.leader')}</span> : null}
                  <span className="org-count">{num(n.votes)} ({percentText(n.share)})</span>
                </div>
                <div className="org-bar" aria-hidden="true"><span style={{ width: `${n.share}%` }} /></div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
