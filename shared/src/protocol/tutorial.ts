import { z } from "zod";
import { GATHER_SKILLS } from "../data/skills.ts";

/** PATCH /api/user/tutorial (spec shell §4 Tutorial): one action per call. */

const StepId = z.string().min(1).max(64);

/** A tutorial path is a gathering skill. */
export const TUTORIAL_PATHS = GATHER_SKILLS;
export const TutorialPathSchema = z.enum(TUTORIAL_PATHS);

export const TutorialActionSchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("open") }),
  z.object({ action: z.literal("close") }),
  z.object({ action: z.literal("skip") }),
  z.object({ action: z.literal("complete-step"), stepId: StepId }),
  z.object({ action: z.literal("emit"), event: z.string().min(1).max(64) }),
  z.object({
    action: z.literal("jump"),
    currentStep: StepId,
    done: z.array(StepId).max(64),
    ui: z.object({ isOpen: z.boolean() }),
  }),
  /** The path chosen at step lab-choose-path (sets tutorial.chosenPath). */
  z.object({ action: z.literal("choose-path"), path: TutorialPathSchema }),
]);
export type TutorialAction = z.infer<typeof TutorialActionSchema>;
