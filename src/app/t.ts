import en from '../locales/en/app.json';
import { bindCatalog } from '../lib/i18n';

/** The app frame's messages (layout, navigation, update and error views, shared UI). */
export const { t, useT } = bindCatalog(en);
