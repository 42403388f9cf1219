import en from '../locales/en/ui.json';
import { bindCatalog } from '../lib/i18n';
import { withNodes } from '../lib/richText';

/** Shared controls' messages (page header, dialog, language switch): apart from the frame's, which the entry carries. */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
