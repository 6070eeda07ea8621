import { i18nReady, loadGameTexts } from "@pickle-garden/web";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ActivityRoot } from "./ActivityRoot.tsx";
import "./activity.css";

const root = document.getElementById("root");
if (root) {
  // the game's texts come in their own chunks: paint once they are in
  void Promise.all([i18nReady, loadGameTexts()]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <ActivityRoot />
      </StrictMode>,
    ),
  );
}
