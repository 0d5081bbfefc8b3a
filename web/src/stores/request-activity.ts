import { create } from 'zustand';

/**
 * Live test-request activity the signed-in user has not looked at yet: a tester joined or
 * posted feedback on their request, or a request they test in changed status. The header shows the
 * count as a badge; opening the request clears its entries.
 */
export interface RequestActivityState {
  /** Request ids with unseen activity, one entry per push. */
  unseen: number[];
  /** Records one push for `requestId`. */
  add: (requestId: number) => void;
  /** Clears the entries of `requestId`. */
  seen: (requestId: number) => void;
}

/** The activity store; read with narrow selectors. */
export const useRequestActivity = create<RequestActivityState>()((set) => ({
  unseen: [],
  add: (requestId) => set((s) => ({ unseen: [...s.unseen, requestId] })),
  seen: (requestId) =>
    set((s) => (s.unseen.includes(requestId) ? { unseen: s.unseen.filter((id) => id !== requestId) } : s)),
}));
