// Made by build/catalogs.ts: every message of one other language, compiled, in the order the English catalogs set.
declare module 'virtual:town-square-catalog/*' {
  import type { Messages } from '@lingui/core';
  const messages: Messages[string][];
  export default messages;
}
