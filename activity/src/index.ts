export { ActivityRoot } from "./ActivityRoot.tsx";
