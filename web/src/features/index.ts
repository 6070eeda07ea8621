export {
  closeOfflineModal,
  isOfflineBlocking,
  type OfflineStatus,
  useOfflineStore,
} from "../stores/offlineStore.ts";
export { OfflineModal } from "./offline/OfflineModal.tsx";
export { PanelOverlay } from "./panels/PanelOverlay.tsx";
export { TutorialOverlay } from "./tutorial/TutorialOverlay.tsx";
export { TUTORIAL_REFRESH_EVENT } from "./tutorial/tutorialActions.ts";
export { TUTORIAL_STEP_IDS } from "./tutorial/tutorialSteps.ts";
