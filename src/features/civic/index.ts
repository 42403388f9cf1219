// What other features may use of the civic feature (its screens are reached through routes): the voter
// resources, the offline people search and the shared text-matching rules (the chat assistant answers
// "who is the governor of Ohio?" from the same index the civic search uses).
export { REGISTER_GUIDE_URL, VOTER_RESOURCES } from './voterResources';
export { buildPeopleIndex, createTextIndex, queryTerms, searchIndex, textQuery, type PeopleIndex, type PersonResult } from './search';
export { officeName } from './labels';
