import en from '../../locales/en/account.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/** Profile and settings, account details, feedback, the More menu, the info pages' interface and the feedback write's label. */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
