// The built-in chat assistant (the Chat tab when no third-party chat is configured, or while it is offline).
export { Assistant } from './Assistant';
