// What other features may use of the account feature (its screens are reached through routes): the install offer
// the ballot shows after a vote.
export { InstallOffer } from './InstallOffer';
