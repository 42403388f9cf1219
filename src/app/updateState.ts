import { create } from 'zustand';

interface UpdateState {
  waiting: boolean;
  apply: (() => void) | null;
}

/** Whether a new version is waiting; set by swRegistration.ts, read by the UpdatePrompt. */
export const useUpdateState = create<UpdateState>(() => ({ waiting: false, apply: null }));
