// The built-in chat assistant: typed or suggested questions, answers from the app's own content and the civic
// packs, with links into the app. No server and no model: it works offline from the first online visit.
import { Link } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react';
import { db } from '../../db';
import { useLiveQuery } from '../../db/live';
import { ensurePacks } from '../../data/loader';
import { buildPeopleIndex } from '../civic';
import { buildTopicIndex, reply, type Reply } from './answer';
import { SUGGESTED_QUESTIONS, type AnswerLink } from './knowledge';
import './assistant.css';

interface Exchange {
  id: number;
  question: string;
  reply: Reply;
}

export function Assistant({ notice }: { notice?: ReactNode }): ReactElement {
  // The officials' packs, for "who is …": usually on the device already; loading twice is a no-op.
  useEffect(() => {
    ensurePacks().catch(() => undefined); // without them, "who is …" falls back to the topics
  }, []);
  const rows = useLiveQuery(() => db.people.toArray(), []);
  const people = useMemo(() => (rows && rows.length > 0 ? buildPeopleIndex(rows) : undefined), [rows]);
  const topics = useMemo(() => buildTopicIndex(), []);
  const [log, setLog] = useState<Exchange[]>([]);
  const [draft, setDraft] = useState('');
  const nextId = useRef(1);
  const lastAnswer = useRef<HTMLLIElement | null>(null);
  const inputId = useId();

  const ask = (question: string) => {
    const q = question.trim();
    if (!q) return;
    setLog((l) => [...l, { id: nextId.current++, question: q, reply: reply(q, topics, people) }]);
    setDraft('');
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
          <p className="assistant-title">Ask Town Square</p>
          <p className="small muted">Answers come from the app itself, so they work offline: the event, voting, the queue, voter registration and who holds an office.</p>
        </div>
        {/* role=log: each new answer is read out once, politely, without moving focus from the question box. */}
        <div role="log" aria-live="polite" aria-label="Conversation">
        <ol className="assistant-log">
          {log.map((x, i) => (
            <li key={x.id} ref={i === log.length - 1 ? lastAnswer : undefined} className="assistant-exchange">
              <p className="assistant-bubble assistant-you"><span className="visually-hidden">You asked: </span>{x.question}</p>
              <div className="assistant-bubble assistant-bot">
                <span className="visually-hidden">Answer: </span>
                <ReplyView reply={x.reply} />
              </div>
            </li>
          ))}
        </ol>
        </div>
        {log.length === 0 || lastReply?.kind === 'unknown' ? (
          <div className="assistant-suggestions">
            <p className="small muted" id="assistant-suggested">{log.length === 0 ? 'Try asking:' : 'You could ask:'}</p>
            <ul aria-labelledby="assistant-suggested">
              {SUGGESTED_QUESTIONS.map((q) => (
                <li key={q}>
                  <button type="button" className="assistant-chip" onClick={() => ask(q)}>{q}</button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <form className="assistant-form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={inputId}>Ask a question</label>
        <input
          id={inputId}
          type="text"
          enterKeyHint="send"
          autoComplete="off"
          maxLength={300}
          placeholder="Ask a question"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
        />
        <button type="submit" className="btn" disabled={draft.trim() === ''}>Send</button>
      </form>
    </div>
  );
}

function ReplyView({ reply }: { reply: Reply }): ReactElement {
  if (reply.kind === 'topic') {
    return (
      <>
        <p>{reply.topic.answer}</p>
        <Links links={reply.topic.links} />
      </>
    );
  }
  if (reply.kind === 'people') {
    return (
      <>
        <p>{reply.people.length === 1 ? 'Here is who I found:' : 'Here is who I found in Town Square:'}</p>
        <ul className="assistant-people">
          {reply.people.map((p) => (
            <li key={p.key}>
              <strong>{p.name}</strong>
              <ul className="assistant-links">
                {p.roles.map((r) => (
                  <li key={r.rowId}>
                    <Link to={r.link.to} search={{ q: r.link.q }}>{r.role}</Link>
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
      <p>I don’t know that one yet. Try one of the questions below, or look in the Help center.</p>
      <Links links={[{ label: 'Help center', to: '/help' }]} />
    </>
  );
}

function Links({ links }: { links: readonly AnswerLink[] }): ReactElement {
  return (
    <ul className="assistant-links">
      {links.map((l) => (
        <li key={l.label}>
          {'href' in l ? (
            <a href={l.href} target="_blank" rel="noopener noreferrer">
              {l.label}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            <Link to={l.to} search={l.search ?? {}}>{l.label}</Link>
          )}
        </li>
      ))}
    </ul>
  );
}
