import en from '../../locales/en/venue.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/** Location (the venue card and its map) and Chat. */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
