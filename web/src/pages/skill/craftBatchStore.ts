import { create } from "zustand";

/** How many crafts each slot's batch asked for, to draw the batch progress (the server keeps only remaining). */
export interface CraftBatchState {
  totals: Record<string, number>;
}
export const useCraftBatchStore = create<CraftBatchState>()(() => ({ totals: {} }));

export const batchKey = (skill: string, slotId: number) => `${skill}:${slotId}`;

export function setBatchTotal(skill: string, slotId: number, total: number): void {
  useCraftBatchStore.setState((s) => ({ totals: { ...s.totals, [batchKey(skill, slotId)]: total } }));
}

/** The batch size: what was asked here, or at least what remains (after a reload we only know that). */
export function batchTotal(
  totals: Record<string, number>,
  skill: string,
  slotId: number,
  remaining: number,
): number {
  return Math.max(totals[batchKey(skill, slotId)] ?? 0, remaining);
}
