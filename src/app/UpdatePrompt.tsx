import type { ReactElement } from 'react';
import { useUpdateState } from './updateState';

/** A polite prompt: the new version is applied only when the user asks. */
export function UpdatePrompt(): ReactElement | null {
  const { waiting, apply } = useUpdateState();
  if (!waiting || !apply) return null;
  return (
    <div className="toast" role="status">
      <span>New version ready</span>
      <button type="button" className="btn btn-small" onClick={apply}>Reload</button>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => useUpdateState.setState({ waiting: false })}>Later</button>
    </div>
  );
}
