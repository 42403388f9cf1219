import en from '../locales/en/common.json';
import { bindCatalog } from './i18n';

/** Messages shared across layers: the event's date, storage and network errors (db, sync, remote). */
export const { t, useT } = bindCatalog(en);
