import en from '../../locales/en/install.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/** The install offer's few words, a namespace of their own: the award ballot's thank-you shows the offer too, and
 * the account namespace (~7 kB) would otherwise travel with the ballot. */
const bound = bindCatalog(en);
export const { useT } = bound;
export const tNodes = withNodes(bound.t);
