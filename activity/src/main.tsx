import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { ActivityRoot } from "./ActivityRoot.tsx";
import "./activity.css";

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <ActivityRoot />
    </StrictMode>,
  );
}
