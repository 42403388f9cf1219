import en from '../../locales/en/organiser.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/** The organisers' screens' messages (/organiser and its present mode); loaded with that route's chunk only. */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
