import en from '../../locales/en/polls.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/** The polls feature's messages: award ballots, /vote, a poll, create poll, responses, sharing, its queue items. */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
