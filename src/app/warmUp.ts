// What event-day voting needs, saved on the device before it is needed: at every start (after the first paint,
// main.tsx runs this at idle) and whenever the connection returns, every award poll of the `polls` collection
// and the honorees are fetched into IndexedDB (a few kB of public REST reads, no Firebase SDK). So every award
// ballot opens and can be voted offline after one online visit to any page of the app.
import { refreshInBackground } from '../features/awards/orgInfo';
import { refreshAwardPolls } from '../features/polls/data';
import { signInWhenOnline } from '../sync/engine';
import { onReconnect } from '../sync/status';

let started = false;

export function warmUp(): void {
  if (started) return;
  started = true;
  const refresh = (): void => {
    void refreshAwardPolls();
    refreshInBackground();
    signInWhenOnline();
  };
  refresh();
  onReconnect(refresh);
}
