import en from '../../locales/en/assistant.json';
import { bindCatalog } from '../../lib/i18n';
import { withNodes } from '../../lib/richText';

/**
 * The built-in chat assistant: its interface, suggested questions, answers and the labels of their links; loaded
 * with the Chat screen only. In Spanish and Arabic a chunk of its own (build/catalogs.ts OWN_CHUNK): awaited here,
 * so the chat never draws English first.
 */
const bound = bindCatalog(en);
await bound.ready;
export const { t, useT } = bound;
export const tNodes = withNodes(bound.t);
