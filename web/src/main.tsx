import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { i18nReady } from "./i18n/index.ts";

const root = document.getElementById("root");
if (root) {
  // a French player's texts come in their own chunk: paint once they are in
  void i18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
