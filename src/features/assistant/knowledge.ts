// What the built-in assistant knows: the app's own content, said once more as answers to the questions people
// ask at the venue. Facts come from the same constants the screens use (event, venue, tickets, limits, voter
// resources), so an answer cannot drift from the screen it links to. Who holds an office is not here: it is
// looked up in the civic packs (see answer.ts).
// Languages (issue #22): answers and link labels are messages (assistant.json), translated when shown; the
// example questions and `keywords` are English and drive the English matching exactly as before; `local` holds a
// few Spanish and Arabic words per topic so questions typed in those languages find their topic too.
import { EVENT_TITLE, VENUE, ticketsUrl } from '../../lib/event';
import { FEEDBACK_INTERVAL_MS, RATE_LIMITS } from '../../lib/limits';
import { t as tCommon } from '../../lib/t';
import { REGISTER_GUIDE_URL, VOTER_RESOURCES } from '../civic';
import { t } from './t';

/** A message of the assistant's catalog. */
export type MessageId = Parameters<typeof t>[0];

/** Screens an answer may link to. */
export type AssistantPath =
  | '/' | '/vote' | '/create-poll' | '/outbox' | '/location' | '/voter-resources' | '/local' | '/stories-page'
  | '/feedback' | '/help' | '/privacy-policy' | '/court' | '/governors' | '/cabinet' | '/michigan' | '/my-profile'
  | '/onegovernor' | '/minister' | '/profile';

/** A link under an answer; `label` is its text in the current language (read when shown). */
export type AnswerLink =
  | { readonly label: string; to: AssistantPath; search?: { q?: string; category?: 'fashion' } }
  | { readonly label: string; href: string };

export interface Topic {
  id: string;
  /** Ways people ask it; matched (with `keywords`) by the shared search rules, so wording need not be exact. */
  questions: readonly string[];
  keywords: string;
  /**
   * Spanish and Arabic words (and stems) of the topic, for questions typed in those languages (answer.ts,
   * `localTopic`): a Latin one matches a typed word it begins, an Arabic one a word it is part of (so
   * "التصويت" finds "تصويت"). Accents, Arabic vowel marks and hamza forms do not matter.
   */
  local: string;
  /** The answer's message; `names` are names and English text inside it (isolated when shown), `values` the rest. */
  message: MessageId;
  names?: () => Record<string, string>;
  values?: () => Record<string, string | number>;
  /** The answer as plain text in the current language (English: exactly as before). */
  readonly answer: string;
  links: readonly AnswerLink[];
}

/** A link of the voter-resources card `id`, by its (English) label. */
function resource(id: string, label: string): string {
  const url = VOTER_RESOURCES.find((c) => c.id === id)?.links.find((l) => l.label === label)?.url;
  if (!url) throw new Error(`voter resource ${id}/${label} is missing`);
  return url;
}

/** A link to a screen of the app, labelled by a message. */
function screen(label: MessageId, to: AssistantPath, search?: { category: 'fashion' }): AnswerLink {
  return {
    get label() {
      return t(label);
    },
    to,
    ...(search ? { search } : {}),
  };
}

/** A link to an outside page, labelled by a message. */
function page(label: MessageId, href: string): AnswerLink {
  return {
    get label() {
      return t(label);
    },
    href,
  };
}

function topic(spec: Omit<Topic, 'answer'>): Topic {
  return {
    ...spec,
    get answer() {
      return t(spec.message, { ...spec.names?.(), ...spec.values?.() });
    },
  };
}

/** Under "I don't know that one yet". */
export const HELP_LINK: AnswerLink = screen('assistant.link.help', '/help');

const VENUE_LINE = `${VENUE.name}, ${VENUE.street}, ${VENUE.city}`;
const venue = () => ({ venue: VENUE_LINE });
/** Words shared by several topics (each one's weight is spread over the topics that have it). */
const VOTE_WORDS = 'vot صوت تصويت';
const EVENT_WORDS = 'evento gala ceremonia حفل فعالية';

export function topics(): readonly Topic[] {
  return [
    topic({
      id: 'event-when',
      questions: ['When is the event?', 'What time does it start?', 'What day is the awards night?', 'When are the awards?'],
      keywords: 'date time day start starts begin tonight schedule awards night event when',
      local: `cuándo fecha hora horario empie comienz inici día noche ${EVENT_WORDS} متى موعد تاريخ ساعة يبدأ بداية يوم ليلة`,
      message: 'assistant.a.when',
      names: () => ({ title: EVENT_TITLE, ...venue() }),
      values: () => ({ date: tCommon('common.event.date') }),
      links: [screen('assistant.link.eventDetails', '/', { category: 'fashion' }), screen('assistant.link.venue', '/location')],
    }),
    topic({
      id: 'event-where',
      questions: ['Where is the event?', 'How do I get to the venue?', 'What is the address?', 'Directions to the theatre'],
      keywords: 'where venue address location place directions map theatre theater fox woodward get there',
      local: `dónde lugar dirección ubicación llegar mapa teatro estacionamiento sede ${EVENT_WORDS} أين مكان عنوان موقع وصول أصل خريطة اتجاهات مسرح مواقف موقف`,
      message: 'assistant.a.where',
      names: venue,
      links: [screen('assistant.link.venue', '/location')],
    }),
    // What the app does not know, said as such (issue #57): parking is the venue's, not in Town Square.
    topic({
      id: 'parking',
      questions: ['Is there parking?', 'Where can I park?', 'How much is parking?', 'Is there a parking garage?'],
      keywords: 'parking park garage car lot valet drive',
      local: 'estacion aparcar parque garaje coche carro auto موقف مواقف سيارة سيارات ركن جراج',
      message: 'assistant.a.parking',
      names: venue,
      links: [screen('assistant.link.venue', '/location')],
    }),
    // Winners are announced on the night by the organisers; the app shows ballots, not results (award votes are private).
    topic({
      id: 'award-winners',
      questions: ['Who won designer of the year?', 'Who won the awards?', 'When are the winners announced?', 'Who won best menswear?'],
      keywords: 'won win winner winners announced announcement award awards designer year best menswear womenswear stylist category results ceremony',
      local: 'ganó ganador ganadora ganadores anunci premio premios fashion فاز فائز فائزة فائزون الفائز إعلان جائزة جوائز',
      message: 'assistant.a.winners',
      links: [screen('assistant.link.polls', '/vote'), screen('assistant.link.eventDetails', '/', { category: 'fashion' })],
    }),
    topic({
      id: 'tickets',
      questions: ['How do I get tickets?', 'Where can I buy tickets?', 'How much are tickets?'],
      keywords: 'tickets ticket buy purchase price cost entry admission',
      local: 'boleto entrada ticket compr precio cuesta costo cuánto تذكر تذاكر شراء اشتري سعر أسعار ثمن تكلف بكم',
      message: 'assistant.a.tickets',
      links: [page('assistant.link.tickets', ticketsUrl()), screen('assistant.link.eventDetails', '/', { category: 'fashion' })],
    }),
    topic({
      id: 'vote-how',
      questions: ['How do I vote?', 'How do I vote for the awards?', 'Where is the ballot?', 'Cast my vote'],
      keywords: 'vote voting ballot award awards cast choose favorite favourite honoree nominee email submit',
      local: `${VOTE_WORDS} boleta papeleta premio favorit nominad categor اقتراع جائزة جوائز مفضل مرشح`,
      message: 'assistant.a.vote',
      links: [screen('assistant.link.polls', '/vote')],
    }),
    topic({
      id: 'vote-offline',
      questions: ['Can I vote offline?', 'What if I have no signal?', 'The Wi-Fi dropped, is my vote lost?', 'Was my vote sent?'],
      keywords: 'offline signal wifi wi-fi connection internet lost sent send waiting queue pending dropped counted twice',
      local: `${VOTE_WORDS} conexión señal internet wifi offline línea envi perd pendient llegó contó اتصال إنترنت انترنت شبكة إشارة واي فاي رسل إرسال وصل ضاع ضيع انتظار مرتين`,
      message: 'assistant.a.offline',
      links: [screen('assistant.link.sync', '/outbox'), screen('assistant.link.polls', '/vote')],
    }),
    topic({
      id: 'poll-create',
      questions: ['How do I create a poll?', 'Can I make my own poll?', 'Who can see my poll answers?'],
      keywords: 'create make new poll own questions options results answers my polls analytics',
      local: 'encuest crea hacer propi pregunt opcion استطلاع استبيان إنشاء أنشئ ينشئ أسئلة خيار',
      message: 'assistant.a.poll',
      values: () => ({ count: RATE_LIMITS.polls }),
      links: [screen('assistant.link.createPoll', '/create-poll')],
    }),
    topic({
      id: 'honorees',
      questions: ['Who are the honorees?', 'Who is hosting?', 'Who founded the awards?'],
      keywords: 'honorees honoree vanguard hosts host founder designers stories nominees who',
      local: 'homenaj anfitri presentador conductor fundador diseñador historia vanguard مكرم تكريم مقدم مؤسس مصمم قصص قصة',
      message: 'assistant.a.honorees',
      links: [screen('assistant.link.honorees', '/stories-page'), screen('assistant.link.eventDetails', '/', { category: 'fashion' })],
    }),
    topic({
      id: 'register',
      questions: ['How do I register to vote?', 'Am I registered to vote?', 'Check my voter registration'],
      keywords: 'register registration registered voter status sign up enroll eligible election',
      local: `${VOTE_WORDS} regist inscri empadron estatus elegible تسجيل سجل قيد ناخب`,
      message: 'assistant.a.register',
      links: [
        page('assistant.link.checkStatus', resource('registration', 'Check status')),
        page('assistant.link.register', REGISTER_GUIDE_URL),
        screen('assistant.link.resources', '/voter-resources'),
      ],
    }),
    topic({
      id: 'absentee',
      questions: ['How do I vote by mail?', 'Can I get an absentee ballot?', 'What is the absentee ballot deadline?'],
      keywords: 'absentee mail by mail postal deadline ballot application request',
      local: `${VOTE_WORDS} correo postal ausencia ausente plazo límite solicit بريد غياب مهلة نهائي طلب موعد`,
      message: 'assistant.a.absentee',
      links: [
        page('assistant.link.byMail', resource('absentee', 'Vote by mail')),
        page('assistant.link.deadline', resource('absentee', 'Ballot deadline')),
      ],
    }),
    topic({
      id: 'where-to-vote',
      questions: ['Where do I vote?', 'Where is my polling place?', 'Can I see a sample ballot?', 'Where can I drop off my ballot?'],
      keywords: 'polling place where vote location early drop off dropbox sample ballot clerk precinct election day',
      local: `${VOTE_WORDS} dónde lugar casilla centro anticip tempran deposit dejar buzón muestra distrito أين مكان مركز لجنة مبكر صندوق تسليم نموذج عينة`,
      message: 'assistant.a.whereVote',
      links: [
        page('assistant.link.sample', resource('voting-information', 'Sample ballot')),
        page('assistant.link.findLocation', resource('voting-information', 'Find voting or drop-off location')),
      ],
    }),
    topic({
      id: 'election-results',
      questions: ['Where are the election results?', 'Who won the Supreme Court election?'],
      keywords: 'results won winner election count supreme court race outcome',
      local: 'resultad ganó ganador corte suprem elección conteo نتيجة نتائج فاز فائز محكمة عليا انتخاب فرز',
      message: 'assistant.a.results',
      links: [screen('assistant.link.court', '/court'), page('assistant.link.results', resource('results-2020', 'Senate'))],
    }),
    topic({
      id: 'officials',
      questions: ['Who are my officials?', 'Show me the governors', 'Who is in the cabinet?'],
      keywords: 'officials representatives governors cabinet president michigan civic information government',
      local: 'funcionari gobern gobiern gabinete president representante autoridad senador alcalde مسؤول حاكم حكام يحكم حكومة وزراء رئيس ممثل عمدة',
      message: 'assistant.a.officials',
      // The example stays English in every language: the people lookup understands English only.
      names: () => ({ example: 'who is the governor of Ohio?' }),
      links: [screen('assistant.link.civic', '/local'), screen('assistant.link.governors', '/governors'), screen('assistant.link.cabinet', '/cabinet')],
    }),
    topic({
      id: 'feedback',
      questions: ['How do I contact the organizers?', 'I want to report a problem', 'Leave feedback'],
      keywords: 'feedback contact organizers organisers problem report complaint suggestion help support bug',
      local: 'comentario contact organizador problema report queja sugerencia soporte error falla ملاحظ تواصل اتصل منظم مشكلة شكوى اقتراح دعم خطأ بلاغ',
      message: 'assistant.a.feedback',
      values: () => ({ seconds: Math.round(FEEDBACK_INTERVAL_MS / 1000) }),
      links: [screen('assistant.link.feedback', '/feedback'), screen('assistant.link.help', '/help')],
    }),
    topic({
      id: 'install',
      questions: ['How do I install the app?', 'Add to home screen'],
      keywords: 'install home screen icon add app download iphone android',
      local: 'instal descarg pantalla icono aplicación app iphone android تثبيت تنزيل تحميل شاشة أيقونة تطبيق آيفون أندرويد',
      message: 'assistant.a.install',
      links: [screen('assistant.link.help', '/help')],
    }),
    topic({
      id: 'privacy',
      questions: ['What do you store about me?', 'How do I delete my data?', 'Is my e-mail shared?'],
      keywords: 'privacy data stored delete deletion email e-mail personal information share',
      local: 'privacidad datos guard borr elimin correo electrónico personal compart خصوصية بيانات حفظ حذف مسح بريد إلكتروني شخصي مشارك',
      message: 'assistant.a.privacy',
      links: [screen('assistant.link.privacy', '/privacy-policy'), screen('assistant.link.profile', '/my-profile')],
    }),
  ];
}

export interface Suggestion {
  /** What the chip shows, in the current language. */
  label: MessageId;
  /**
   * The same question in English, which is what a tap asks: the answer is then the one English gets (a topic, or
   * the governor from the civic packs, whose lookup is English), whatever the language on screen.
   */
  ask: string;
}

/** Offered before the first question and after an answer the assistant could not find. */
export const SUGGESTIONS: readonly Suggestion[] = [
  { label: 'assistant.q.when', ask: 'When is the event?' },
  { label: 'assistant.q.vote', ask: 'How do I vote?' },
  { label: 'assistant.q.offline', ask: 'Can I vote offline?' },
  { label: 'assistant.q.register', ask: 'How do I register to vote?' },
  { label: 'assistant.q.governor', ask: 'Who is the governor of Michigan?' },
  { label: 'assistant.q.venue', ask: 'Where is the venue?' },
];

/** The suggested questions in English (as the English chips say them). */
export const SUGGESTED_QUESTIONS: readonly string[] = SUGGESTIONS.map((s) => s.ask);
