import en from '../../locales/en/organiser.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/**
 * The organisers' screens' messages (/organiser and its present mode); loaded with that route's chunk only. In
 * Spanish and Arabic they are a chunk of their own (build/catalogs.ts OWN_CHUNK): awaited here, so the screens that
 * import this never draw English first.
 */
const bound = bindCatalog(en);
await bound.ready;
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
