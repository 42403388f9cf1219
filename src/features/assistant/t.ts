import en from '../../locales/en/assistant.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/** The built-in chat assistant: its interface, suggested questions, answers and the labels of their links. */
const bound = bindCatalog(en);
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
