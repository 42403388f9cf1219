import en from '../../locales/en/awards.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/** The awards section: landing (categories, carousel, hub links), Event Details, Coming soon, honorees and their pages. */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
