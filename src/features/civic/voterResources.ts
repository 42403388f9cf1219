// The six voter-resource cards of spec §2, with Michigan's official addresses. Every URL here is a page
// run by the State of Michigan (Department of State, Legislature) or, for U.S. House results, the Clerk of
// the House; each address was cross-checked against independent public references in November 2026.
// A link that moves is a data change: edit it here (and in firebase.json's frame-src if it may be framed).
// Titles, descriptions and button labels are English here (the chat assistant matches on them) and carry the
// message ids that show them in the current language (`titleId`, `blurbId`, `labelId`); the links never change.
import type { CivicId } from './t';

/** Michigan Voter Information Center: registration status, polling place, sample ballot, absentee. */
export const BALLOT_HOST = 'mvic.sos.state.mi.us';

/** The Department of State's voter-registration guide; the web viewer titles it "Register". */
export const REGISTER_GUIDE_URL = 'https://www.michigan.gov/sos/elections/voting/register-to-vote';

export interface ResourceLink {
  label: string;
  labelId: CivicId;
  url: string;
}

export interface ResourceCard {
  id: string;
  title: string;
  titleId: CivicId;
  blurb: string;
  blurbId: CivicId;
  links: readonly [ResourceLink, ResourceLink];
}

export const VOTER_RESOURCES: readonly ResourceCard[] = [
  {
    id: 'registration',
    title: 'Voter Registration',
    titleId: 'civic.vr.reg',
    blurb: 'See whether you are registered at your current address, or register online, by mail or in person.',
    blurbId: 'civic.vr.regText',
    links: [
      { label: 'Check status', labelId: 'civic.vr.status', url: `https://${BALLOT_HOST}/Voter/Index` },
      { label: 'Register', labelId: 'civic.vr.register', url: REGISTER_GUIDE_URL },
    ],
  },
  {
    id: 'absentee',
    title: 'Absentee Voting',
    titleId: 'civic.vr.abs',
    blurb: 'Any registered Michigan voter may vote by mail without giving a reason.',
    blurbId: 'civic.vr.absText',
    links: [
      { label: 'Vote by mail', labelId: 'civic.vr.mail', url: `https://${BALLOT_HOST}/AVApplication/Index` },
      { label: 'Ballot deadline', labelId: 'civic.vr.deadline', url: 'https://www.michigan.gov/sos/elections/voting/absentee-voting' },
    ],
  },
  {
    id: 'voting-information',
    title: 'Voting Information',
    titleId: 'civic.vr.info',
    blurb: 'Preview the ballot for your address and find where to vote early, on Election Day, or drop off a ballot.',
    blurbId: 'civic.vr.infoText',
    links: [
      { label: 'Sample ballot', labelId: 'civic.vr.sample', url: `https://${BALLOT_HOST}/Voter/Index` },
      { label: 'Find voting or drop-off location', labelId: 'civic.vr.where', url: `https://${BALLOT_HOST}/Clerk` },
    ],
  },
  {
    id: 'civic-engagement',
    title: 'Civic Engagement',
    titleId: 'civic.vr.civic',
    blurb: 'Work the polls in your community, and know your rights: in Michigan, a person with a conviction may vote once released from jail or prison.',
    blurbId: 'civic.vr.civicText',
    links: [
      { label: 'Poll worker signup', labelId: 'civic.vr.worker', url: 'https://www.michigan.gov/sos/elections/administrator/election-workers' },
      { label: 'Voting rights for ex-offenders', labelId: 'civic.vr.rights', url: 'https://www.legislature.mi.gov/Laws/MCL?objectName=mcl-168-758b' },
    ],
  },
  {
    id: 'results-2020',
    title: '2020 Election Results',
    titleId: 'civic.vr.r2020',
    blurb: 'Official results of the November 3, 2020 general election for Michigan’s U.S. Senate seat and its U.S. House districts.',
    blurbId: 'civic.vr.r2020Text',
    links: [
      { label: 'Senate', labelId: 'civic.vr.senate', url: 'https://www.michigan.gov/sos/elections/election-results-and-data' },
      { label: 'House', labelId: 'civic.vr.house', url: 'https://history.house.gov/Institution/Election-Statistics/' },
    ],
  },
  {
    id: 'local',
    title: 'Local Election Resources',
    titleId: 'civic.vr.local',
    blurb: 'Michigan’s election site, and the city or township clerk who runs elections where you live.',
    blurbId: 'civic.vr.localText',
    links: [
      { label: 'State and local election sites', labelId: 'civic.vr.sites', url: 'https://www.michigan.gov/sos/elections' },
      { label: 'Contact local election office', labelId: 'civic.vr.clerk', url: `https://${BALLOT_HOST}/Clerk` },
    ],
  },
];

/** Every host a voter-resource link points at: the web viewer may frame these. */
export const VOTER_RESOURCE_HOSTS: readonly string[] = [
  ...new Set(VOTER_RESOURCES.flatMap((c) => c.links.map((l) => new URL(l.url).hostname))),
];
