// The session: who the visitor is on this device (visitor.ts) and whether the app can reach its servers
// (online.ts). A layer of its own under the features and sync, so screens, the flusher and the top wiring share
// one visitor id and one online flag without any of them importing another's folder.
export { adoptSignedInUid, forgetVisitor, initVisitorId, requestedVisitorId, useVisitorId, visitorFromLink, visitorId } from './visitor';
export { onReconnect, reachability, useOnline } from './online';
export { isOnline, noteAnswered, noteNoAnswer, observed } from './observe';
