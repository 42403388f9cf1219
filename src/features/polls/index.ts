// What other features may use of the polls feature (its screens are reached through routes).
export { AwardBallotLinks, useAwardPolls } from './AwardBallots';
export { ballotPath } from './awardModel';
export { ShareBox } from './ShareBox';
