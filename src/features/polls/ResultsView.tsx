// A poll's results per question — each option's count, share and bar, with a table view — drawn the same for
// the owner's analytics (ResponsesScreen) and for a voter after answering a community poll (CommunityAnswered).
import type { ReactElement } from 'react';
import type { QuestionTally } from './logic';
import { num, percentText } from './text';
import { tNodes, useT } from './t';

/** `mine`: the option this visitor chose, per question id (marked "Your answer"). `level`: the questions' heading. */
export function ResultsView({ results, mine, level = 2 }: { results: readonly QuestionTally[]; mine?: Record<string, string> | undefined; level?: 2 | 3 }): ReactElement {
  const t = useT();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <>
      {results.map((q) => (
        <section key={q.id} className="result-q card" aria-labelledby={`rq-${q.id}`}>
          <Heading id={`rq-${q.id}`} dir="auto">{q.question}</Heading>
          {q.options.map((o) => (
            <div key={o.option} className="result-row" data-testid="result-row">
              <div className="result-label">
                <span>
                  <bdi>{o.option}</bdi>
                  {mine?.[q.id] === o.option ? <>{' '}<span className="pill ok">{t('polls.results.yours')}</span></> : null}
                </span>
                <span>{num(o.count)} ({percentText(o.percent)})</span>
              </div>
              <div className="result-bar" aria-hidden="true"><span style={{ width: `${o.percent}%` }} /></div>
            </div>
          ))}
          <details className="table-view">
            <summary>{t('polls.resp.table')}</summary>
            <table>
              <caption className="visually-hidden">{tNodes('polls.resp.caption', { question: <bdi>{q.question}</bdi> })}</caption>
              <thead><tr><th scope="col">{t('polls.resp.option')}</th><th scope="col">{t('polls.resp.responses')}</th><th scope="col">{t('polls.resp.percent')}</th></tr></thead>
              <tbody>
                {q.options.map((o) => (
                  <tr key={o.option}><th scope="row" dir="auto">{o.option}</th><td>{num(o.count)}</td><td>{percentText(o.percent)}</td></tr>
                ))}
              </tbody>
            </table>
          </details>
        </section>
      ))}
    </>
  );
}
