import { beforeEach, describe, expect, it } from "vitest";
import { resetStores } from "../../testing/resetStores.ts";
import { dismissToast, pushMessage, useUiStore } from "./uiStore.ts";

beforeEach(resetStores);

const toasts = () => useUiStore.getState().messages.filter((m) => m.toast);

describe("messages", () => {
  it("a line repeated while its toast is up goes to the log alone; once gone, it toasts again", () => {
    const first = pushMessage("No space to add 1 Honeydew.", "warning");
    pushMessage("No space to add 1 Honeydew.", "warning");
    pushMessage("You died!", "error");
    expect(useUiStore.getState().messages).toHaveLength(3);
    expect(toasts().map((m) => m.text)).toEqual(["No space to add 1 Honeydew.", "You died!"]);
    dismissToast(first);
    pushMessage("No space to add 1 Honeydew.", "warning");
    expect(toasts().map((m) => m.text)).toEqual(["You died!", "No space to add 1 Honeydew."]);
  });
});
