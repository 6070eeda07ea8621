import { i18nReady } from "@pickle-garden/web";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ActivityRoot } from "./ActivityRoot.tsx";
import "./activity.css";

const root = document.getElementById("root");
if (root) {
  // a French player's texts come in their own chunk: paint once they are in
  void i18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <ActivityRoot />
      </StrictMode>,
    ),
  );
}
