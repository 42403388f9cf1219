// What the built-in assistant knows: the app's own content, said once more as answers to the questions people
// ask at the venue. Facts come from the same constants the screens use (event, venue, tickets, limits, voter
// resources), so an answer cannot drift from the screen it links to. Who holds an office is not here: it is
// looked up in the civic packs (see answer.ts).
import { EVENT_DATE, EVENT_TITLE, VENUE, ticketsUrl } from '../../lib/event';
import { FEEDBACK_INTERVAL_MS, RATE_LIMITS } from '../../lib/limits';
import { REGISTER_GUIDE_URL, VOTER_RESOURCES } from '../civic';

/** Screens an answer may link to. */
export type AssistantPath =
  | '/' | '/vote' | '/create-poll' | '/sync' | '/location' | '/voter-resources' | '/local' | '/stories-page'
  | '/feedback' | '/help' | '/privacy-policy' | '/court' | '/governors' | '/cabinet' | '/michigan' | '/my-profile'
  | '/onegovernor' | '/minister' | '/profile';

export type AnswerLink =
  | { label: string; to: AssistantPath; search?: { q?: string; category?: 'fashion' } }
  | { label: string; href: string };

export interface Topic {
  id: string;
  /** Ways people ask it; matched (with `keywords`) by the shared search rules, so wording need not be exact. */
  questions: readonly string[];
  keywords: string;
  answer: string;
  links: readonly AnswerLink[];
}

/** A link of the voter-resources card `id`, by its label. */
function resource(id: string, label: string): string {
  const url = VOTER_RESOURCES.find((c) => c.id === id)?.links.find((l) => l.label === label)?.url;
  if (!url) throw new Error(`voter resource ${id}/${label} is missing`);
  return url;
}

const VENUE_LINE = `${VENUE.name}, ${VENUE.street}, ${VENUE.city}`;

export function topics(): readonly Topic[] {
  return [
    {
      id: 'event-when',
      questions: ['When is the event?', 'What time does it start?', 'What day is the awards night?', 'When are the awards?'],
      keywords: 'date time day start starts begin tonight schedule awards night event when',
      answer: `The ${EVENT_TITLE} are on ${EVENT_DATE}, at ${VENUE_LINE}.`,
      links: [
        { label: 'Event details', to: '/', search: { category: 'fashion' } },
        { label: 'Venue and directions', to: '/location' },
      ],
    },
    {
      id: 'event-where',
      questions: ['Where is the event?', 'How do I get to the venue?', 'What is the address?', 'Directions to the theatre'],
      keywords: 'where venue address location place directions map theatre theater fox woodward parking get there',
      answer: `The awards are at ${VENUE_LINE}. The Location tab has the address, a link that opens your maps app, and directions.`,
      links: [{ label: 'Venue and directions', to: '/location' }],
    },
    {
      id: 'tickets',
      questions: ['How do I get tickets?', 'Where can I buy tickets?', 'How much are tickets?'],
      keywords: 'tickets ticket buy purchase price cost entry admission',
      answer: 'Tickets are sold on a ticketing website; the Get Tickets button on Event Details opens it. Buying needs a connection.',
      links: [
        { label: 'Get Tickets', href: ticketsUrl() },
        { label: 'Event details', to: '/', search: { category: 'fashion' } },
      ],
    },
    {
      id: 'vote-how',
      questions: ['How do I vote?', 'How do I vote for the awards?', 'Where is the ballot?', 'Cast my vote'],
      keywords: 'vote voting ballot award awards cast choose favorite favourite honoree nominee email submit',
      answer:
        'Open Polls: the award ballots come first. Enter your e-mail address (each address votes once on each ballot), pick your favorite in each category, then tap Submit Vote.',
      links: [{ label: 'Go to Polls', to: '/vote' }],
    },
    {
      id: 'vote-offline',
      questions: ['Can I vote offline?', 'What if I have no signal?', 'The Wi-Fi dropped, is my vote lost?', 'Was my vote sent?'],
      keywords: 'offline signal wifi wi-fi connection internet lost sent send waiting queue pending dropped counted twice',
      answer:
        'Yes. After one visit with a connection the ballots are saved on your phone, so you can vote with no signal. Your vote waits in Waiting to send and goes out by itself when you are back online, and it is counted once even if it has to be sent twice.',
      links: [
        { label: 'Waiting to send', to: '/sync' },
        { label: 'Go to Polls', to: '/vote' },
      ],
    },
    {
      id: 'poll-create',
      questions: ['How do I create a poll?', 'Can I make my own poll?', 'Who can see my poll answers?'],
      keywords: 'create make new poll own questions options results answers my polls analytics',
      answer: `On Polls, tap Create Poll, give it a title and your questions, then tap Create Poll. Everyone can answer it; only you see the answers, under My Polls. Each visitor can create up to ${RATE_LIMITS.polls} polls an hour.`,
      links: [{ label: 'Create a poll', to: '/create-poll' }],
    },
    {
      id: 'honorees',
      questions: ['Who are the honorees?', 'Who is hosting?', 'Who founded the awards?'],
      keywords: 'honorees honoree vanguard hosts host founder designers stories nominees who',
      answer: 'The Vanguard Honorees, the hosts and the founder each have a page with their story.',
      links: [
        { label: 'Meet the honorees', to: '/stories-page' },
        { label: 'Event details', to: '/', search: { category: 'fashion' } },
      ],
    },
    {
      id: 'register',
      questions: ['How do I register to vote?', 'Am I registered to vote?', 'Check my voter registration'],
      keywords: 'register registration registered voter status sign up enroll eligible election',
      answer:
        'Michigan lets you check whether you are registered at your current address and register online, by mail or in person. Both links are official State of Michigan pages and need a connection.',
      links: [
        { label: 'Check status', href: resource('registration', 'Check status') },
        { label: 'Register', href: REGISTER_GUIDE_URL },
        { label: 'Voter resources', to: '/voter-resources' },
      ],
    },
    {
      id: 'absentee',
      questions: ['How do I vote by mail?', 'Can I get an absentee ballot?', 'What is the absentee ballot deadline?'],
      keywords: 'absentee mail by mail postal deadline ballot application request',
      answer: 'Any registered Michigan voter may vote by mail without giving a reason. Apply online; the deadlines are on the State’s absentee page.',
      links: [
        { label: 'Vote by mail', href: resource('absentee', 'Vote by mail') },
        { label: 'Ballot deadline', href: resource('absentee', 'Ballot deadline') },
      ],
    },
    {
      id: 'where-to-vote',
      questions: ['Where do I vote?', 'Where is my polling place?', 'Can I see a sample ballot?', 'Where can I drop off my ballot?'],
      keywords: 'polling place where vote location early drop off dropbox sample ballot clerk precinct election day',
      answer: 'The Michigan Voter Information Center shows your sample ballot and where to vote early, on Election Day, or drop off a ballot.',
      links: [
        { label: 'Sample ballot', href: resource('voting-information', 'Sample ballot') },
        { label: 'Find voting or drop-off location', href: resource('voting-information', 'Find voting or drop-off location') },
      ],
    },
    {
      id: 'election-results',
      questions: ['Where are the election results?', 'Who won the Supreme Court election?'],
      keywords: 'results won winner election count supreme court race outcome',
      answer: 'Official Michigan results are published by the Department of State. The Supreme Court page shows each race Town Square holds and whether its results are in.',
      links: [
        { label: 'Supreme Court candidates', to: '/court' },
        { label: 'Official results', href: resource('results-2020', 'Senate') },
      ],
    },
    {
      id: 'officials',
      questions: ['Who are my officials?', 'Show me the governors', 'Who is in the cabinet?'],
      keywords: 'officials representatives governors cabinet president michigan civic information government',
      answer: 'Civic information lists the President, the Vice President, the Cabinet, every governor and Michigan’s officials, and works offline. Ask me “who is the governor of Ohio?”, for example.',
      links: [
        { label: 'Civic information', to: '/local' },
        { label: 'Governors', to: '/governors' },
        { label: 'The Cabinet', to: '/cabinet' },
      ],
    },
    {
      id: 'feedback',
      questions: ['How do I contact the organizers?', 'I want to report a problem', 'Leave feedback'],
      keywords: 'feedback contact organizers organisers problem report complaint suggestion help support bug',
      answer: `Tell the organizers on the Feedback page; it works offline too and is sent when you are online (one message every ${Math.round(FEEDBACK_INTERVAL_MS / 1000)} seconds).`,
      links: [
        { label: 'Leave Feedback', to: '/feedback' },
        { label: 'Help center', to: '/help' },
      ],
    },
    {
      id: 'install',
      questions: ['How do I install the app?', 'Add to home screen'],
      keywords: 'install home screen icon add app download iphone android',
      answer: 'On Android, open the Chrome menu and tap Install app. On iPhone, tap Share in Safari, then Add to Home Screen. The Help center shows both step by step.',
      links: [{ label: 'Help center', to: '/help' }],
    },
    {
      id: 'privacy',
      questions: ['What do you store about me?', 'How do I delete my data?', 'Is my e-mail shared?'],
      keywords: 'privacy data stored delete deletion email e-mail personal information share',
      answer: 'The Privacy Policy says what is stored (your visitor id, the e-mail of award votes, your feedback and polls), who can read it, for how long and how to ask for deletion.',
      links: [
        { label: 'Privacy Policy', to: '/privacy-policy' },
        { label: 'Profile', to: '/my-profile' },
      ],
    },
  ];
}

/** Offered before the first question and after an answer the assistant could not find. */
export const SUGGESTED_QUESTIONS: readonly string[] = [
  'When is the event?',
  'How do I vote?',
  'Can I vote offline?',
  'How do I register to vote?',
  'Who is the governor of Michigan?',
  'Where is the venue?',
];
