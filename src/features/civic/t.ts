import en from '../../locales/en/civic.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/** The civic screens: hub and search, the lists, person and profile screens, voter resources, the web viewer; offices, parties and state names shown from the packs. */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);

/** A civic message id. */
export type CivicId = Parameters<typeof t>[0];
