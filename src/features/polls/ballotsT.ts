import en from '../../locales/en/ballots.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/**
 * The award ballots' call to action (AwardBallots), a namespace of its own: it is on the landing, which would
 * otherwise download every polls message (~2.4 kB gz) for these four.
 */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
