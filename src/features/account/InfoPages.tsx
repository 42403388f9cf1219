// Help center, Our Partners, Terms and conditions, Privacy Policy (issue #20): short pages in plain English.
// What they say about data must match what the code and the security rules do (docs/security.md,
// docs/architecture.md); the numbers come from the same constants the app and the rules use.
// Languages (issue #22): titles, headings, leads and links follow the language; the pages' prose stays English
// (legal and organisational text: one wording is the reference), marked lang="en" dir="ltr" and announced by a
// note in the other languages.
import { Link } from '@tanstack/react-router';
import type { ReactElement, ReactNode } from 'react';
import { FEEDBACK_INTERVAL_MS, LIMITS, RATE_LIMITS } from '../../lib/limits';
import { useLocale } from '../../lib/i18n';
import { formatDate } from '../../lib/intl';
import { PageHeader } from '../../ui/PageHeader';
import { EVENT_DATE, EVENT_TITLE, VENUE } from '../../lib/event';
import { tNodes, useT } from './t';
import './account.css';

/** When these texts were last reviewed; shown at the top of each page. */
export const INFO_UPDATED = { iso: '2026-11-26', text: '26 November 2026' } as const;
/** The privacy policy's own date: it changed when organisers could read feedback on their screen (issue #53). */
export const PRIVACY_UPDATED = { iso: '2026-12-04', text: '4 December 2026' } as const;

const FEEDBACK_SECONDS = FEEDBACK_INTERVAL_MS / 1000;

function InfoPage({ title, id, lead, children, changed = INFO_UPDATED }: { title: string; id: string; lead: ReactNode; children: ReactNode; changed?: { iso: string; text: string } }): ReactElement {
  const t = useT();
  const locale = useLocale();
  // English keeps its own wording of the date; the other languages say it their way.
  const updated = locale === 'en' ? changed.text : formatDate(new Date(changed.iso), { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <section className="screen info-page" id={id}>
      <PageHeader title={title} />
      <div className="screen-body">
        <p className="info-updated">{tNodes('account.info.updated', { date: <time dateTime={changed.iso}>{updated}</time> })}</p>
        <p className="info-lead">{lead}</p>
        {locale === 'en' ? null : <p className="info-english">{t('account.info.english')}</p>}
        {children}
      </div>
    </section>
  );
}

/** One titled part of a page: an h2, its text (English, see above) and the links to go on from it. */
function Part({ id, title, go, children }: { id: string; title: string; go?: ReactNode; children: ReactNode }): ReactElement {
  return (
    <section className="info-part" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="info-prose" lang="en" dir="ltr">
        {children}
      </div>
      {go}
    </section>
  );
}

/** Points to the reading end (.icon-flip mirrors it right-to-left). */
const Arrow = (): ReactElement => (
  <svg className="icon-flip" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M5 12h14M13 6l6 6-6 6" />
  </svg>
);

type AppPath = '/outbox' | '/vote' | '/create-poll' | '/feedback' | '/voter-resources' | '/local' | '/stories-page' | '/location' | '/privacy-policy' | '/terms-conditions';

/** A link to another screen of the app, on its own line with a 44 px target. */
function GoTo({ to, children }: { to: AppPath; children: ReactNode }): ReactElement {
  return (
    <p className="info-go-row">
      <Link to={to} className="info-go">
        <span>{children}</span>
        <Arrow />
      </Link>
    </p>
  );
}

/** A link to another website: opens in a new tab, and says so to screen readers (in the interface's language). */
function External({ href, children }: { href: string; children: ReactNode }): ReactElement {
  const t = useT();
  const locale = useLocale();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="visually-hidden" lang={locale === 'pseudo' ? 'en' : locale}>
        {' '}
        {t('account.info.newTab')}
      </span>
    </a>
  );
}

/** An in-text link to another screen of the app. */
const InText = ({ to, children }: { to: AppPath; children: ReactNode }): ReactElement => <Link to={to}>{children}</Link>;

// ——— Help center ———————————————————————————————————————————————————————————————————————————————

export function HelpScreen(): ReactElement {
  const t = useT();
  return (
    <InfoPage title={t('account.menu.help')} id="help" lead={t('account.help.lead')}>
      <Part id="help-offline" title={t('account.help.offline')}>
        <p>Open the app once while you have a connection. From then on it opens and works even with no signal — at the venue, on the bus, anywhere.</p>
        <p>Saved on your phone after that first visit:</p>
        <ul className="info-list">
          <li>every screen of the app;</li>
          <li>the civic information: officials, governors, Michigan officials, court candidates and the list of voter resources;</li>
          <li>the award ballots, so you can vote offline;</li>
          <li>the honorees and the community polls you have seen;</li>
          <li>anything you are still writing: a poll, a feedback message or a ballot you have not finished.</li>
        </ul>
        <p>Other websites (official election sites, tickets), the venue map and your account details the first time need a connection.</p>
      </Part>

      <Part id="help-queue" title={t('account.menu.sync')} go={<GoTo to="/outbox">{t('account.help.goSync')}</GoTo>}>
        <p>
          When you vote, answer a poll, create a poll or send feedback, the app saves it on your phone first. With no connection, it waits in
          the <strong>Waiting to send</strong> list, and a strip above the bottom bar says how many items are waiting. Tap the strip to see them.
        </p>
        <ul className="info-list">
          <li>You don’t have to do anything: items are sent automatically as soon as you are back online. On an iPhone, open the app again once you have a connection.</li>
          <li>Each vote is counted once, even if your phone has to send it twice.</li>
          <li>If something was turned down, the list says why and lets you discard it.</li>
          <li>Don’t clear the app’s data while items are waiting — they would be lost.</li>
        </ul>
        <p>
          To keep things fair, each visitor can create up to {RATE_LIMITS.polls} polls and send up to {RATE_LIMITS.answers} poll answers an
          hour, and one feedback message every {FEEDBACK_SECONDS} seconds. Go over a limit and nothing is lost: the item waits and the list
          tells you when it will be sent.
        </p>
      </Part>

      <Part id="help-vote" title={t('account.help.vote')} go={<GoTo to="/vote">{t('account.help.goVote')}</GoTo>}>
        <ol className="info-list">
          <li>Open <strong>Polls</strong>. The award ballots come first (the “Cast your Vote” banner on Home leads there too).</li>
          <li>Enter your e-mail address. You enter it once per ballot, and each e-mail address can vote once on each ballot.</li>
          <li>Pick your favorite in each category, then tap <strong>Submit Vote</strong>.</li>
        </ol>
        <p>
          No signal? Once you have opened the app online, the ballots are saved on your phone: vote anyway, and your vote is sent when you are
          back online. Award ballots show no running count: the organizers count the votes.
        </p>
      </Part>

      <Part id="help-create" title={t('account.help.create')} go={<GoTo to="/create-poll">{t('account.help.goCreate')}</GoTo>}>
        <ol className="info-list">
          <li>On <strong>Polls</strong>, tap <strong>Create Poll</strong>.</li>
          <li>Give it a title and write your questions: up to {LIMITS.questions} questions with up to {LIMITS.optionsPerQuestion} options each.</li>
          <li>Tap <strong>Create Poll</strong>. It goes live as soon as your phone is online.</li>
        </ol>
        <p>
          Everyone can see and answer your poll, and everyone sees how many people answered. Only you can see the answers themselves: find your
          poll under <strong>My Polls</strong> and tap <strong>View</strong>.
        </p>
      </Part>

      <Part id="help-install" title={t('account.help.install')}>
        <p>Installed, Town Square opens full screen from its own icon, like any other app.</p>
        <h3>Android (Chrome)</h3>
        <p>Tap the menu (the three dots at the top right), then <strong>Install app</strong> or <strong>Add to Home screen</strong>.</p>
        <h3>iPhone (Safari)</h3>
        <p>
          Tap <strong>Share</strong> (the square with an arrow pointing up; on newer iPhones it may be inside the <strong>⋯</strong> menu), then{' '}
          <strong>Add to Home Screen</strong>, then <strong>Add</strong>.
        </p>
      </Part>

      <Part id="help-civic" title={t('account.help.civic')} go={<GoTo to="/voter-resources">{t('account.help.goVoter')}</GoTo>}>
        <p>
          The <strong>Voter resources</strong> page links to Michigan’s official services: check your registration, register, vote by mail
          and find where to vote. Those are official websites, so they need a connection.
        </p>
      </Part>

      <Part id="help-contact" title={t('account.help.contact')} go={<GoTo to="/feedback">{t('account.menu.feedback')}</GoTo>}>
        <p>Tell the organizers what went wrong on the Feedback page. It works offline too.</p>
      </Part>
    </InfoPage>
  );
}

// ——— Our Partners ——————————————————————————————————————————————————————————————————————————————

export function PartnersScreen(): ReactElement {
  const t = useT();
  return (
    <InfoPage title={t('account.menu.partners')} id="partners" lead={t('account.partners.lead')}>
      <Part
        id="partners-awards"
        title={EVENT_TITLE}
        go={
          <>
            <GoTo to="/stories-page">{t('account.partners.goHonorees')}</GoTo>
            <GoTo to="/vote">{t('account.partners.goVote')}</GoTo>
          </>
        }
      >
        <p>
          This app was made for the {EVENT_TITLE}: a night that celebrates the designers, stylists, makers and community builders behind
          Detroit’s style, and helps the next generation of local talent get noticed.
        </p>
        <ul className="info-list">
          <li>Awards night: {EVENT_DATE}, {VENUE.name}, {VENUE.street}, {VENUE.city}.</li>
          <li>Meet the Vanguard Honorees and read their stories.</li>
          <li>Vote for your favorite fashion icons in the award polls.</li>
        </ul>
      </Part>

      <Part id="partners-sources" title={t('account.partners.sources')} go={<GoTo to="/local">{t('account.partners.goCivic')}</GoTo>}>
        <p>
          The civic pages use public information only. Every card links its source and shows the date it was checked; for anything official,
          the government’s own website is the final word. The main sources are:
        </p>
        <ul className="info-list info-sources">
          <li>
            <External href="https://www.whitehouse.gov/">The White House</External>, the federal departments’ own websites and news
            reports of appointments and confirmations — the President, the Vice President and the Cabinet.
          </li>
          <li>
            <External href="https://github.com/openstates/people">Open States</External>, a public dataset of state officials, and
            the states’ own websites and news reports of each governor in office — the governors and their terms.
          </li>
          <li>
            <External href="https://www.michigan.gov/sos">State of Michigan, Department of State</External> — Michigan’s officials,
            elections and voter services.
          </li>
          <li>
            <External href="https://mvic.sos.state.mi.us/Voter/Index">Michigan Voter Information Center</External> — voter registration,
            sample ballots and where to vote.
          </li>
          <li>
            <External href="https://ballotpedia.org/Michigan_Supreme_Court_elections,_2024">Ballotpedia</External>, a nonpartisan
            encyclopedia of American politics, and Michigan news reports — Michigan Supreme Court candidates.
          </li>
        </ul>
        <p>These organizations are sources, not sponsors: they publish the information, and they do not endorse this app.</p>
      </Part>

      <Part id="partners-contact" title={t('account.partners.contact')} go={<GoTo to="/feedback">{t('account.menu.feedback')}</GoTo>}>
        <p>Run a Detroit community group or event and want to be part of Town Square? Tell the organizers on the Feedback page.</p>
      </Part>
    </InfoPage>
  );
}

// ——— Terms and conditions ——————————————————————————————————————————————————————————————————————

export function TermsScreen(): ReactElement {
  const t = useT();
  return (
    <InfoPage title={t('account.menu.terms')} id="terms" lead={t('account.terms.lead')}>
      <Part id="terms-civil" title={t('account.terms.civil')}>
        <ul className="info-list">
          <li>Be civil. No harassment, threats, hate or personal attacks in polls or feedback.</li>
          <li>Be yourself. Vote only with your own e-mail address, and don’t pretend to be someone else — another person, the organizers or a public official.</li>
          <li>No spam: no ads, no chain messages, no floods of polls, answers or votes, and no scripts that vote or post for you.</li>
          <li>Don’t post anyone’s private details (addresses, phone numbers) or anything illegal.</li>
          <li>Don’t try to get around the app’s limits or security.</li>
        </ul>
      </Part>

      <Part id="terms-polls" title={t('account.terms.polls')}>
        <ul className="info-list">
          <li>You are responsible for the polls you create. They are public: anyone using the app can see and answer them.</li>
          <li>The organizers may remove polls or answers that break these rules, without notice.</li>
          <li>Award ballots allow one vote per e-mail address. The organizers count the votes and may set aside votes that break these rules.</li>
          <li>
            <strong>Community polls are not elections.</strong> Their results are the opinions of the people who answered, not official
            election results and not scientific surveys.
          </li>
        </ul>
      </Part>

      <Part id="terms-civic" title={t('account.more.civic')} go={<GoTo to="/voter-resources">{t('account.terms.goVoter')}</GoTo>}>
        <p>
          The civic pages are a convenience, provided as they are. We check them against public sources and show the date, but an office can
          change hands or a deadline can move before the app is updated. The official websites linked on each page are the authority —
          check them before you act, especially on election dates and deadlines. Nothing in the app is legal advice.
        </p>
      </Part>

      <Part id="terms-service" title={t('account.terms.service')}>
        <ul className="info-list">
          <li>The app is offered as it is. It may change, pause or stop, and we cannot promise it will always be available or free of mistakes.</li>
          <li>Links to other websites (official sites, tickets, social media) are run by others under their own terms.</li>
          <li>
            What the app keeps about you is described in the <InText to="/privacy-policy">Privacy Policy</InText>.
          </li>
          <li>When these terms change, this page and its date change too.</li>
        </ul>
      </Part>

      <Part id="terms-contact" title={t('account.terms.contact')} go={<GoTo to="/feedback">{t('account.menu.feedback')}</GoTo>}>
        <p>Write to the organizers on the Feedback page.</p>
      </Part>
    </InfoPage>
  );
}

// ——— Privacy Policy ————————————————————————————————————————————————————————————————————————————

export function PrivacyScreen(): ReactElement {
  const t = useT();
  return (
    <InfoPage title={t('account.menu.privacy')} id="privacy" lead={t('account.privacy.lead')} changed={PRIVACY_UPDATED}>
      <Part id="privacy-short" title={t('account.privacy.short')}>
        <ul className="info-list">
          <li>You don’t need an account, a name or a password to use the app.</li>
          <li>The only personal detail the app asks for is an e-mail address, when you vote in the award polls.</li>
          <li>No advertising, no tracking, and your data is not sold.</li>
          <li>Your drafts and the app’s saved copies stay on your phone only.</li>
        </ul>
      </Part>

      <Part id="privacy-visitor" title={t('account.privacy.visitor')}>
        <p>
          When you first open the app with a connection, it signs you in <strong>anonymously</strong> with Google’s Firebase
          Authentication. That gives your phone a random visitor id, with no name, e-mail or phone number attached. The app keeps it in this browser’s storage on
          your phone (IndexedDB and local storage) so that you are the same visitor next time, and Firebase keeps a record that this anonymous
          id exists. You can see your id on the Feedback page.
        </p>
        <p>On a new phone, or after you clear the app’s data, you get a new id, and the app can no longer show you things tied to the old one.</p>
      </Part>

      <Part id="privacy-email" title={t('account.privacy.email')}>
        <ul className="info-list">
          <li>Your e-mail address is stored with your choices in the organizers’ database (Firebase’s Cloud Firestore). It is used only to count one vote per e-mail address on each ballot.</li>
          <li>No other visitor can read it. The app can read back only your own vote, to check that it arrived. The organizers’ screen in the app counts the results from a copy of each vote without its e-mail address, and never receives e-mail addresses; the votes with their e-mail addresses are read only through Firebase’s administrator tools.</li>
          <li>A copy of your vote, with the e-mail address, also stays on your phone as a record of what you sent.</li>
        </ul>
      </Part>

      <Part id="privacy-polls" title={t('account.privacy.polls')}>
        <ul className="info-list">
          <li>
            A poll you create is <strong>public</strong>: anyone can see its title, questions and options, when it was posted, your first name
            under “Posted by” if the app knows it, and your visitor id, which marks the poll as yours.
          </li>
          <li>
            Your answers to a poll carry no name or e-mail address. Only the person who created the poll can read the answers, and they
            see what was answered and when, not who answered. Everyone can see how many people answered.
          </li>
        </ul>
      </Part>

      <Part id="privacy-feedback" title={t('account.privacy.feedback')}>
        <p>
          Feedback is stored as text only in Firebase’s Realtime Database. Only the organizers can read it, on their signed-in screen
          (which shows the words, not who sent them) or in the Firebase console; not even you can read it back through the app. An
          organizer may hide a message from their list; it stays stored as it was. To allow one message every {FEEDBACK_SECONDS} seconds,
          the database also keeps, under your visitor id, the time of your latest message and which message it was.
        </p>
      </Part>

      <Part id="privacy-limits" title={t('account.privacy.limits')}>
        <p>
          To stop floods of polls and answers, the database counts, per visitor id and per hour, how many polls and answers you have sent
          and which one came last. No other visitor can read your counts.
        </p>
      </Part>

      <Part id="privacy-account" title={t('account.privacy.account')}>
        <p>
          If the organizers hold account details for you (the name, e-mail, state and ZIP code shown on the Account page) or a saved
          preference, they are kept in a record that only you can read through the app, and the app keeps a copy on your phone for offline use. If
          the organizers run their own account service, the app asks it for your first name, using your visitor id.
        </p>
      </Part>

      <Part id="privacy-device" title={t('account.privacy.device')}>
        <ul className="info-list">
          <li>anything you are still writing: a poll, a feedback message, an unfinished ballot (with the e-mail address you typed);</li>
          <li>your own votes, answers, polls and feedback, as you sent them;</li>
          <li>items in <InText to="/outbox">Waiting to send</InText>;</li>
          <li>saved copies of the civic information, the ballots, the honorees and the polls, so the app works offline.</li>
        </ul>
        <p>
          To remove all of it, clear this website’s data in your browser’s settings (“site data” or “website data”), and uninstall the app if
          you put it on your home screen. Anything still waiting to send is lost, and you get a new visitor id next time.
        </p>
      </Part>

      <Part id="privacy-not" title={t('account.privacy.not')}>
        <ul className="info-list">
          <li>The app shows no ads, sets no cookies, builds no profile of you, and your data is not sold or shared for advertising.</li>
          <li>It does not ask for your location, contacts, camera or microphone.</li>
          <li>
            If the organizers switch it on, the app reports how fast its pages load: timings and the page’s address, without your visitor id,
            your e-mail or anything after the “?” in the address.
          </li>
        </ul>
      </Part>

      <Part id="privacy-others" title={t('account.privacy.others')}>
        <p>
          The venue map on the Location page is loaded from Google Maps when you are online. Links to official websites, ticket sales and the
          honorees’ social media, and a chat service if the organizers set one up, are run by others under their own privacy policies.
        </p>
      </Part>

      <Part id="privacy-where" title={t('account.privacy.where')}>
        <p>
          On Google’s Firebase services (Authentication, Cloud Firestore and Realtime Database), run for the organizers, and on your phone.
          There is no automatic deletion date: data on Firebase is kept until the organizers delete it, and data on your phone until you clear
          it.
        </p>
      </Part>

      <Part id="privacy-delete" title={t('account.privacy.delete')}>
        <p>
          The app has no delete button for data that has been sent. To have something deleted, or to ask what is kept, write to the event
          organizers through the <InText to="/feedback">Feedback page</InText>. Say what you want removed and include:
        </p>
        <ul className="info-list">
          <li>for award votes, the e-mail address you voted with;</li>
          <li>for polls, answers and feedback, your visitor id (shown on the Feedback page);</li>
          <li>a way to reach you if you would like a reply — feedback cannot be answered through the app.</li>
        </ul>
      </Part>

      <Part id="privacy-changes" title={t('account.privacy.changes')}>
        <p>
          If what the app keeps changes, this page and its date change too. See also the <InText to="/terms-conditions">Terms and conditions</InText>.
        </p>
      </Part>
    </InfoPage>
  );
}
