import en from '../../locales/en/outbox.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/** The outbox screen (/outbox): what waits to be sent, why, and what happens next. */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
