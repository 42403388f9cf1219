// The built-in chat assistant: typed or suggested questions, answers from the app's own content and the civic
// packs, with links into the app. No server and no model: it works offline from the first online visit.
// Languages (issue #22): everything it says is a message (assistant.json), shown in the current language —
// earlier answers too, after a switch. A suggested question asks its English original, so it gets the same
// answer in every language; typed questions are matched in Spanish and Arabic too (answer.ts).
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { db } from '../../db';
import { useLiveQuery } from '../../db/live';
import { ensurePacks } from '../../data/loader';
import { useLocale } from '../../lib/i18n';
import { buildPeopleIndex, officeName } from '../civic';
import type { Gender } from '../../data/schemas';
import { buildTopicIndex, reply, type Reply } from './answer';
import { HELP_LINK, SUGGESTIONS, type AnswerLink, type MessageId, type Topic } from './knowledge';
import { tNodes, useT } from './t';
import './assistant.css';

interface Exchange {
  id: number;
  /** What the visitor typed, or the suggested question they tapped (shown in the current language). */
  question: { typed: string } | { suggested: MessageId };
  reply: Reply;
}

/**
 * The conversation outlives the screen (issue #35: leaving the tab cleared it): kept in memory for this visit,
 * not on the device — a reload starts a new one.
 */
const kept: { log: Exchange[]; nextId: number } = { log: [], nextId: 1 };

export function Assistant({ notice }: { notice?: ReactNode }): ReactElement {
  const t = useT();
  const locale = useLocale();
  // The officials' packs, for "who is …": usually on the device already; loading twice is a no-op.
  useEffect(() => {
    ensurePacks().catch(() => undefined); // without them, "who is …" falls back to the topics
  }, []);
  const rows = useLiveQuery(() => db.people.toArray(), []);
  const people = useMemo(() => (rows && rows.length > 0 ? buildPeopleIndex(rows) : undefined), [rows]);
  const topics = useMemo(() => buildTopicIndex(), []);
  const [log, setLog] = useState<Exchange[]>(kept.log);
  const [draft, setDraft] = useState('');
  const nextId = useRef(kept.nextId);
  useEffect(() => {
    kept.log = log;
    kept.nextId = nextId.current;
  }, [log]);
  const lastAnswer = useRef<HTMLLIElement | null>(null);
  const inputId = useId();

  const ask = (question: string) => {
    const q = question.trim();
    if (!q) return;
    setLog((l) => [...l, { id: nextId.current++, question: { typed: q }, reply: reply(q, topics, people, locale) }]);
    setDraft('');
  };
  const askSuggested = (label: MessageId, english: string) => {
    setLog((l) => [...l, { id: nextId.current++, question: { suggested: label }, reply: reply(english, topics, people) }]);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    ask(draft);
  };

  useEffect(() => {
    lastAnswer.current?.scrollIntoView({ block: 'nearest', behavior: 'auto' });
  }, [log.length]);

  const lastReply = log.at(-1)?.reply;
  return (
    <div className="assistant">
      <div className="assistant-scroll">
        {notice}
        <div className="assistant-intro">
          <p className="assistant-title">{t('assistant.title')}</p>
          <p className="small muted">{t('assistant.intro')}</p>
        </div>
        {/* role=log: each new answer is read out once, politely, without moving focus from the question box. */}
        <div role="log" aria-live="polite" aria-label={t('assistant.log')}>
        <ol className="assistant-log">
          {log.map((x, i) => (
            <li key={x.id} ref={i === log.length - 1 ? lastAnswer : undefined} className="assistant-exchange">
              <p className="assistant-bubble assistant-you">
                <span className="visually-hidden">{t('assistant.you')} </span>
                {/* A typed question may be in another language (or direction) than the screen. */}
                {'typed' in x.question ? <bdi>{x.question.typed}</bdi> : t(x.question.suggested)}
              </p>
              <div className="assistant-bubble assistant-bot">
                <span className="visually-hidden">{t('assistant.answer')} </span>
                <ReplyView reply={x.reply} />
              </div>
            </li>
          ))}
        </ol>
        </div>
        {log.length > 0 ? (
          <p className="assistant-clear">
            <button type="button" className="btn btn-ghost btn-small" onClick={() => setLog([])}>{t('assistant.clear')}</button>
          </p>
        ) : null}
        {log.length === 0 || lastReply?.kind === 'unknown' ? (
          <div className="assistant-suggestions">
            <p className="small muted" id="assistant-suggested">{log.length === 0 ? t('assistant.try') : t('assistant.could')}</p>
            <ul aria-labelledby="assistant-suggested">
              {SUGGESTIONS.map((s) => (
                <li key={s.label}>
                  <button type="button" className="assistant-chip" onClick={() => askSuggested(s.label, s.ask)}>{t(s.label)}</button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <form className="assistant-form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={inputId}>{t('assistant.ask')}</label>
        <input
          id={inputId}
          type="text"
          dir="auto"
          enterKeyHint="send"
          autoComplete="off"
          maxLength={300}
          placeholder={t('assistant.ask')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn" disabled={draft.trim() === ''}>{t('assistant.send')}</button>
      </form>
    </div>
  );
}

/** A topic's answer: names and English examples inside it are isolated (and marked English) within the sentence. */
function TopicAnswer({ topic }: { topic: Topic }): ReactElement {
  useT();
  const names = Object.fromEntries(Object.entries(topic.names?.() ?? {}).map(([key, text]) => [key, <bdi lang="en">{text}</bdi>]));
  return <p>{tNodes(topic.message, names, topic.values?.())}</p>;
}

function ReplyView({ reply }: { reply: Reply }): ReactElement {
  const t = useT();
  if (reply.kind === 'topic') {
    return (
      <>
        <TopicAnswer topic={reply.topic} />
        <Links links={reply.topic.links} />
      </>
    );
  }
  if (reply.kind === 'people') {
    return (
      <>
        <p>{reply.people.length === 1 ? t('assistant.found.one') : t('assistant.found.many')}</p>
        <ul className="assistant-people">
          {reply.people.map((p) => (
            <li key={p.key}>
              <strong>{p.name}</strong>
              <ul className="assistant-links">
                {/* The office in the current language, as the civic screens show it (English where it has no
                    translation); one link per office: a governor who is also in the Michigan officials' pack would
                    otherwise get two identical "Governor of Michigan" links (issue #35). */}
                {distinctOffices(p.roles).map(({ role: r, office }) => (
                  <li key={r.rowId}>
                    <Link to={r.link.to} search={{ q: r.link.q }} lang={office.en ? 'en' : undefined}>{office.text}</Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </>
    );
  }
  return (
    <>
      <p>{t('assistant.unknown')}</p>
      <Links links={[HELP_LINK]} />
    </>
  );
}

/** Little words that do not make two office lines different ("Governor of Michigan" = "Michigan Governor"). */
const OFFICE_FILLER: ReadonlySet<string> = new Set(['of', 'the', 'de', 'del', 'la', 'el']);

/**
 * A person's roles with their office as shown, each office once (the first role of the list order keeps it): the
 * same words in another order are the same office.
 */
function distinctOffices<R extends { role: string; gender?: Gender | undefined }>(roles: readonly R[]): { role: R; office: ReturnType<typeof officeName> }[] {
  const seen = new Set<string>();
  const out: { role: R; office: ReturnType<typeof officeName> }[] = [];
  for (const role of roles) {
    const office = officeName(role.role, role.gender);
    const key = office.text.toLocaleLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w && !OFFICE_FILLER.has(w)).sort().join(' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ role, office });
  }
  return out;
}

function Links({ links }: { links: readonly AnswerLink[] }): ReactElement {
  const t = useT();
  return (
    <ul className="assistant-links">
      {links.map((l, i) => (
        <li key={i}>
          {'href' in l ? (
            <a href={l.href} target="_blank" rel="noopener noreferrer">
              {l.label}
              <span className="visually-hidden"> {t('assistant.newTab')}</span>
            </a>
          ) : (
            <Link to={l.to} search={l.search ?? {}}>{l.label}</Link>
          )}
        </li>
      ))}
    </ul>
  );
}
