import type { ReactElement } from 'react';
import { useUpdateState } from './updateState';
import { useT } from '../ui/t';

/** A polite prompt: the new version is applied only when the user asks. Loaded only once one is waiting (RootLayout). */
export function UpdatePrompt(): ReactElement | null {
  const t = useT();
  const { waiting, apply } = useUpdateState();
  if (!waiting || !apply) return null;
  return (
    <div className="toast" role="status">
      <span>{t('ui.update.ready')}</span>
      <button type="button" className="btn btn-small" onClick={apply}>{t('ui.reload')}</button>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => useUpdateState.setState({ waiting: false })}>{t('ui.update.later')}</button>
    </div>
  );
}
